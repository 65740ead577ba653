package pgkit_test

import (
	"context"
	"slices"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/uptrace/bun"

	"social/platform/pgkit"
	"social/tests/testkit"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type handleRow struct {
	ID     int     `bun:"id"`
	Handle *string `bun:"handle"`
	Total  int     `bun:"total"`
}

// A console list sorted by a column some rows lack a value in shows those
// rows last, whichever the direction, in every resource alike.
func TestAdminListPutsEmptyValuesLast(t *testing.T) {
	db := newDB(t)
	base := func() *bun.SelectQuery {
		return db.NewSelect().TableExpr("(VALUES (1, 'bia'), (2, NULL), (3, 'ana'), (4, NULL)) AS t (id, handle)")
	}
	sortable := map[string]string{"handle": "t.handle", "id": "t.id"}
	for _, c := range []struct {
		asc  bool
		want []int
	}{{asc: false, want: []int{1, 3, 4, 2}}, {asc: true, want: []int{3, 1, 2, 4}}} {
		page := pgkit.AdminPage{Sort: "handle", Asc: c.asc, Limit: 10}
		rows, total, err := pgkit.AdminList(context.Background(), base, "t.id, t.handle", sortable, "t.id", "t.id",
			page, func(r handleRow) int { return r.Total })
		if err != nil {
			t.Fatal(err)
		}
		var ids []int
		for _, r := range rows {
			ids = append(ids, r.ID)
		}
		if !slices.Equal(ids, c.want) || total != 4 {
			t.Errorf("asc=%v: ids %v total %d, want %v total 4", c.asc, ids, total, c.want)
		}
	}
	// A page past the end still says how many there are.
	rows, total, err := pgkit.AdminList(context.Background(), base, "t.id, t.handle", sortable, "t.id", "t.id",
		pgkit.AdminPage{Sort: "handle", Offset: 10, Limit: 10}, func(r handleRow) int { return r.Total })
	if err != nil || len(rows) != 0 || total != 4 {
		t.Fatalf("past the end: %d rows, total %d, %v", len(rows), total, err)
	}
}
