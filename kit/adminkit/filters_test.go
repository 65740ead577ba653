package adminkit

import (
	"database/sql"
	"testing"
	"time"

	"github.com/google/uuid"
	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

func TestFiltersReadTheirValueByKind(t *testing.T) {
	id := uuid.New()
	day := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	r := SQLResource[struct{}]{Filters: []Filter{
		{Key: "role", Kind: Text}, {Key: "suspended", Kind: Bool}, {Key: "active", Kind: Bool},
		{Key: "author_id", Kind: ID}, {Key: "author", Kind: Handle}, {Key: "hashtag", Kind: Hashtag},
		{Key: "created_gte", Kind: From}, {Key: "created_lte", Kind: Until}, {Key: "before", Kind: Until},
	}}
	q, err := r.parse(ListInput{Filter: `{"role":" admin ","suspended":"true","active":false,"author_id":"` + id.String() +
		`","author":"@ana","hashtag":"#samba","created_gte":"2026-11-23","created_lte":"2026-11-23",` +
		`"before":"2026-11-23T10:00:00Z"}`})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"role": "admin", "suspended": true, "active": false, "author_id": id, "author": "ana",
		"hashtag": "samba", "created_gte": day, "created_lte": day.AddDate(0, 0, 1), // a date keeps its whole day
		"before": day.Add(10 * time.Hour)}
	for k, v := range want {
		if got := q.Filter[k]; got != v {
			t.Errorf("%s = %#v, want %#v", k, got, v)
		}
	}
	if q, _ := r.parse(ListInput{Filter: `{"role":"","author_id":null}`}); len(q.Filter) != 0 {
		t.Errorf("empty values filter nothing: %+v", q.Filter)
	}
	for _, bad := range []string{`{"suspended":"yes"}`, `{"author_id":"ana"}`, `{"created_gte":"23/11/2026"}`} {
		if _, err := r.parse(ListInput{Filter: bad}); err != ErrBadList {
			t.Errorf("%s: err = %v, want ErrBadList", bad, err)
		}
	}
}

func TestNarrowingAddsTheQuerysConditions(t *testing.T) {
	// Opening a pool does not connect: the query is only rendered.
	pool, err := sql.Open("pgx", "postgres://nobody@127.0.0.1:1/none")
	if err != nil {
		t.Fatal(err)
	}
	db := bun.NewDB(pool, pgdialect.New())
	n := Narrowing{ID: "t.id", Search: "(t.name ILIKE ? OR t.bio ILIKE ?)",
		Filters: []Filter{{Key: "active", Kind: Bool, Where: "t.active = ?"}, {Key: "role", Kind: Text, Where: "t.role = ?"}}}
	id := uuid.MustParse("0192f000-0000-7000-8000-0000000000a1")
	q := SQLQuery{Search: "50%", IDs: []uuid.UUID{id}, Filter: map[string]any{"active": true}}
	got := n.Apply(db.NewSelect().TableExpr("things AS t").Column("t.id"), q).String()
	want := `SELECT "t"."id" FROM things AS t WHERE ((t.name ILIKE '%50\%%' OR t.bio ILIKE '%50\%%')) AND (t.id IN ('` + id.String() + `')) AND (t.active = TRUE)`
	if got != want {
		t.Errorf("query =\n%s\nwant\n%s", got, want)
	}
	if got := n.Apply(db.NewSelect().TableExpr("things AS t").Column("t.id"), SQLQuery{}).String(); got != `SELECT "t"."id" FROM things AS t` {
		t.Errorf("an empty query narrows nothing: %s", got)
	}
}
