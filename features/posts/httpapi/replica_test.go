package httpapi_test

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"social/adapters/postgres"
	"social/config"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

// With database.read_url set, the feeds and the postgres search adapter
// read from the replica and everything else from the primary. The
// "replica" here is a second database that no write reaches: what a read
// returns tells which handle served it. Copying rows into it plays the
// part of replication. The reader is not the writer: the writer's own
// reads stay on the primary until the replica has replayed the write
// (adapters/postgres ReadYourWrites), which this "replica" never does.
func TestFeedAndSearchReadFromTheReplica(t *testing.T) {
	t.Parallel()
	replicaURL := testkit.NewDatabase(t)
	app := at.Start(t, func(cfg *config.Config) {
		cfg.Database.ReadURL = replicaURL
		cfg.Search.Driver = "postgres"
	})
	replica := openDB(t, replicaURL)
	ana := app.Member("ana")
	bia := app.Member("bia")
	p := create(t, ana, text("ensaio sobre replicação"))

	// The write and the post's own page are the primary's.
	ana.Do(http.MethodGet, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusOK)
	var page feedPage
	bia.Do(http.MethodGet, "/api/v1/feed?algorithm=chronological", nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 0 {
		t.Fatalf("the feed was read from the primary: %d items", len(page.Items))
	}
	// The writer reads their own write at once: from the primary.
	ana.Do(http.MethodGet, "/api/v1/feed?algorithm=chronological", nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 1 || page.Items[0].ID != p.ID {
		t.Fatalf("the writer's feed = %+v, want their post", page.Items)
	}
	waitIndexed(t, app.DB, p.ID)
	if hits := searchPosts(t, bia, "replicação"); hits != 0 {
		t.Fatalf("search was read from the primary: %d posts found", hits)
	}

	// Once the rows reach the replica, both reads find them there.
	for _, table := range []string{"accounts", "profiles", "posts"} {
		cols := storedColumns(t, app.DB, table)
		replicate(t, app.DB, replica, table, `INSERT INTO `+table+` (`+cols+`) SELECT `+cols+
			` FROM jsonb_populate_record(NULL::`+table+`, ?::jsonb)`)
	}
	replicate(t, app.DB, replica, "search_documents", `INSERT INTO search_documents (kind, id, names, body, public, doc)
		SELECT kind, id, names, body, public, doc FROM jsonb_populate_record(NULL::search_documents, ?::jsonb)`)
	bia.Do(http.MethodGet, "/api/v1/feed?algorithm=chronological", nil).Expect(t, http.StatusOK).JSON(t, &page)
	if len(page.Items) != 1 || page.Items[0].ID != p.ID {
		t.Fatalf("feed from the replica = %+v, want the post", page.Items)
	}
	if hits := searchPosts(t, bia, "replicação"); hits != 1 {
		t.Fatalf("search on the replica found %d posts, want 1", hits)
	}
}

func openDB(t *testing.T, dbURL string) *bun.DB {
	t.Helper()
	pool, err := postgres.NewPool(context.Background(), dbURL, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	db := postgres.NewBun(pool)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// replicate copies every row of table from the primary with insert, which
// takes one row as JSON.
func replicate(t *testing.T, primary, replica *bun.DB, table, insert string) {
	t.Helper()
	var rows []string
	if err := primary.NewRaw(`SELECT to_jsonb(t)::text FROM `+table+` t`).Scan(t.Context(), &rows); err != nil {
		t.Fatalf("read %s: %v", table, err)
	}
	for _, r := range rows {
		if _, err := replica.NewRaw(insert, r).Exec(t.Context()); err != nil {
			t.Fatalf("copy into %s: %v", table, err)
		}
	}
}

// storedColumns lists the table's columns a row is written with: all but
// the generated ones, which PostgreSQL computes.
func storedColumns(t *testing.T, db *bun.DB, table string) string {
	t.Helper()
	var cols []string
	if err := db.NewRaw(`SELECT column_name FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = ? AND is_generated = 'NEVER' ORDER BY ordinal_position`,
		table).Scan(t.Context(), &cols); err != nil {
		t.Fatalf("columns of %s: %v", table, err)
	}
	return strings.Join(cols, ", ")
}

// waitIndexed waits for post id to be indexed on the primary.
func waitIndexed(t *testing.T, db *bun.DB, id string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		var n int
		err := db.NewRaw(`SELECT count(*) FROM search_documents WHERE kind = 'post' AND id = ?`, id).Scan(t.Context(), &n)
		if err != nil && err != sql.ErrNoRows {
			t.Fatal(err)
		}
		if n == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("post %s never indexed", id)
		}
	}
}

func searchPosts(t *testing.T, m *at.Member, q string) int {
	t.Helper()
	var r struct {
		Items []struct {
			Type string `json:"type"`
		} `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/search?q="+url.QueryEscape(q), nil).Expect(t, http.StatusOK).JSON(t, &r)
	n := 0
	for _, it := range r.Items {
		if it.Type == "post" {
			n++
		}
	}
	return n
}
