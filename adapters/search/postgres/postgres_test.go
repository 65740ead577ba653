package postgres_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	pg "social/adapters/postgres"
	"social/adapters/search/postgres"
	"social/adapters/search/searchtest"
	"social/core/ports"
	"social/tests/testkit"
	"social/tests/testkit/sqlrig"
)

func TestMain(m *testing.M) { testkit.Main(m) }

func TestContract(t *testing.T) {
	t.Parallel()
	searchtest.Run(t, func(t *testing.T) ports.SearchIndex {
		pool, err := pg.NewPool(context.Background(), testkit.NewDatabase(t), 4)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		db := pg.NewBun(pool)
		t.Cleanup(func() { _ = db.Close() })
		return postgres.New(db)
	})
}

// Searches read a GIN index's whole pending list: it must stay short
// however many documents were written since the last vacuum (a reindex
// writes all of them).
func TestPendingListStaysShort(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sqlrig.New(t).DB
	if _, err := db.ExecContext(ctx, `CREATE EXTENSION IF NOT EXISTS pgstattuple`); err != nil {
		t.Fatalf("pgstattuple (PostgreSQL's contrib modules): %v", err)
	}
	index := postgres.New(db)
	words := strings.Fields("café praia sol mar areia onda vento chuva livro música cinema teatro futebol corrida trilha " +
		"montanha cidade rua praça feira bolo pão queijo goiabada")
	for batch := range 8 {
		docs := make([]ports.SearchDoc, 500)
		for i := range docs {
			n := batch*len(docs) + i
			var text strings.Builder
			for w := range 12 {
				fmt.Fprintf(&text, "%s%d ", words[(n+w)%len(words)], (n*7+w)%997)
			}
			docs[i] = ports.SearchDoc{Kind: ports.SearchPost, ID: fmt.Sprintf("p%05d", n), Public: true, Text: text.String(),
				AuthorHandle: fmt.Sprintf("membro_%05d", n), AuthorDisplayName: "Membro"}
		}
		if err := index.Upsert(ctx, docs...); err != nil {
			t.Fatal(err)
		}
	}
	for _, idx := range []string{"search_documents_tsv_idx", "search_documents_names_idx"} {
		var pages int
		if err := db.NewRaw(`SELECT pending_pages FROM pgstatginindex(?::regclass)`, idx).Scan(ctx, &pages); err != nil {
			t.Fatal(err)
		}
		if pages > 32 {
			t.Errorf("%s: %d pending pages, every search reads them all", idx, pages)
		}
	}
}

// Posts are answered newest first, the newest ones read one by one and
// the older ones through the word index; the two parts meet without a
// post lost or found twice.
func TestPostsNewestFirstAcrossTheWindow(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := sqlrig.New(t).DB
	// p00 is the oldest post, p09 the newest (IDs sort as post IDs do).
	var docs []ports.SearchDoc
	for i := range 10 {
		text := "Frevo no Recife"
		if i == 1 || i == 2 || i == 5 || i == 8 || i == 9 {
			text = "Roda de samba na praça"
		}
		docs = append(docs, ports.SearchDoc{Kind: ports.SearchPost, ID: fmt.Sprintf("p%02d", i), Public: true, Text: text,
			AuthorHandle: "autora", AuthorDisplayName: "Autora"})
	}
	for _, tc := range []struct {
		name   string
		newest int
		limit  int
		want   string
	}{
		{"all in the newest", 3, 2, "p09 p08"},
		{"the newest then the older", 3, 4, "p09 p08 p05 p02"},
		{"every match", 3, 10, "p09 p08 p05 p02 p01"},
		{"a window wider than the posts", 50, 10, "p09 p08 p05 p02 p01"},
		{"a window of one", 1, 10, "p09 p08 p05 p02 p01"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			index := postgres.NewScanning(db, tc.newest)
			if err := index.Upsert(ctx, docs...); err != nil {
				t.Fatal(err)
			}
			res, err := index.Search(ctx, "samba", []ports.SearchKind{ports.SearchPost}, tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range res[ports.SearchPost] {
				got = append(got, d.ID)
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("got %v, want %s", got, tc.want)
			}
		})
	}
}
