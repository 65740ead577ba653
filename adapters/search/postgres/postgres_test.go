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
