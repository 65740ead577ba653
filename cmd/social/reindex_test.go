package main

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"social/adapters/search/bleve"
	"social/core/ports"
	communities "social/plugins/communities/app"
	at "social/tests/testkit/apptest"
)

func TestReindex(t *testing.T) {
	app := at.Start(t, nil)
	ana := app.Member("ana_silva")
	app.Member("bruno")
	for _, p := range []map[string]string{
		{"text_content": "Música ao vivo hoje", "visibility": "public"},
		{"text_content": "Comunidade do samba", "visibility": "public"},
		{"text_content": "Música secreta", "visibility": "friends_only"},
	} {
		ana.Do(http.MethodPost, "/api/v1/posts", p).Expect(t, http.StatusCreated)
	}
	// The communities plugin's documents come through its search source.
	ana.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": "Roda de Choro"}).Expect(t, http.StatusCreated)
	useAppDatabase(t, app)

	// Bleve: the command owns its own folder (the running app holds another).
	dir := filepath.Join(t.TempDir(), "search.bleve")
	t.Setenv("SOCIAL_SEARCH_BLEVE_DIR", dir)
	out, err := runCLI(t, "reindex")
	if err != nil || !strings.Contains(out, "Search index (bleve) rebuilt: 2 users, 1 community, 2 posts.") {
		t.Fatalf("reindex: %v\n%s", err, out)
	}
	// Not a terminal: a line per tenth of the work, no carriage return.
	if !strings.Contains(out, "reindex: 5/5 documents (100%, ") || strings.Contains(out, "\r") {
		t.Fatalf("progress:\n%q", out)
	}
	// Twice is the same.
	if out, err := runCLI(t, "reindex"); err != nil || !strings.Contains(out, "2 users, 1 community, 2 posts") {
		t.Fatalf("second reindex: %v\n%s", err, out)
	}
	x, err := bleve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	kinds := ports.SearchKindsWith(communities.SearchKind)
	res, err := x.Search(context.Background(), "musica", kinds, 5)
	if err != nil || len(res[ports.SearchPost]) != 1 || res[ports.SearchPost][0].Text != "Música ao vivo hoje" {
		t.Fatalf("search after reindex: %+v %v", res, err)
	}
	if res, err := x.Search(context.Background(), "ana_s", kinds, 5); err != nil || len(res[ports.SearchUser]) != 1 {
		t.Fatalf("users after reindex: %+v %v", res, err)
	}
	if res, err := x.Search(context.Background(), "roda choro", kinds, 5); err != nil || len(res[communities.SearchKind]) != 1 ||
		res[communities.SearchKind][0].MemberCount != 1 {
		t.Fatalf("communities after reindex: %+v %v", res, err)
	}

	// The folder is held: a clear error, nothing waits.
	_, err = runCLI(t, "reindex")
	if !errors.Is(err, bleve.ErrLocked) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("locked folder: %v", err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}

	// PostgreSQL: the shared table.
	t.Setenv("SOCIAL_SEARCH_DRIVER", "postgres")
	if out, err := runCLI(t, "reindex"); err != nil || !strings.Contains(out, "Search index (postgres) rebuilt: 2 users, 1 community, 2 posts.") {
		t.Fatalf("postgres reindex: %v\n%s", err, out)
	}
	var n int
	if err := app.DB.NewRaw("SELECT count(*) FROM search_documents").Scan(context.Background(), &n); err != nil || n != 5 {
		t.Fatalf("search_documents = %d, %v", n, err)
	}
}
