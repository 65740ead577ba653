package pgkit_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"social/platform/pgkit"
)

type numberRow struct {
	N    int    `bun:"n"`
	Name string `bun:"name"`
}

// Queries sent together each fill their own slice, with their own
// arguments; a failing one is reported and leaves the pool usable; in a
// transaction they read what the transaction wrote.
func TestPreparedTogetherFillsEachDestination(t *testing.T) {
	db := newDB(t)
	ctx := context.Background()
	id := uuid.Must(uuid.NewV7())

	var small, large []numberRow
	err := pgkit.PreparedTogether(ctx, db,
		pgkit.Query{SQL: `SELECT n, 'n' || n AS name FROM generate_series(1, ?::int) n`, Args: []any{3}, Dest: &small},
		pgkit.Query{SQL: `SELECT n, ?::uuid::text AS name FROM generate_series(10, ?::int) n`, Args: []any{id, 12}, Dest: &large})
	if err != nil {
		t.Fatal(err)
	}
	if len(small) != 3 || small[2].N != 3 || small[2].Name != "n3" {
		t.Errorf("first query: %+v", small)
	}
	if len(large) != 3 || large[0].N != 10 || large[0].Name != id.String() {
		t.Errorf("second query: %+v", large)
	}

	var none []numberRow
	err = pgkit.PreparedTogether(ctx, db,
		pgkit.Query{SQL: `SELECT 1 AS n, 'a' AS name`, Dest: &none},
		pgkit.Query{SQL: `SELECT n FROM no_such_table`, Dest: &none})
	if err == nil || !strings.Contains(err.Error(), "no_such_table") {
		t.Errorf("a failing query: err %v", err)
	}
	var after []numberRow
	if err := pgkit.Prepared(ctx, db, &after, `SELECT 7 AS n, 'x' AS name`); err != nil || len(after) != 1 {
		t.Errorf("the pool after a failed batch: %v, %+v", err, after)
	}

	if _, err := pgkit.PreparedExec(ctx, db, `CREATE TABLE together (n int, name text)`); err != nil {
		t.Fatal(err)
	}
	err = pgkit.NewTransactor(db).InTx(ctx, func(ctx context.Context) error {
		if _, err := pgkit.IDB(ctx, db).NewRaw(`INSERT INTO together VALUES (1, 'in the transaction')`).Exec(ctx); err != nil {
			return err
		}
		var a, b []numberRow
		if err := pgkit.PreparedTogether(ctx, db,
			pgkit.Query{SQL: `SELECT n, name FROM together`, Dest: &a},
			pgkit.Query{SQL: `SELECT count(*)::int AS n, '' AS name FROM together`, Dest: &b}); err != nil {
			return err
		}
		if len(a) != 1 || a[0].Name != "in the transaction" || len(b) != 1 || b[0].N != 1 {
			t.Errorf("in a transaction: %+v, %+v", a, b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
