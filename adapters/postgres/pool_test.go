package postgres_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/uptrace/bun"

	"social/adapters/postgres"
	"social/platform/pgkit"
	"social/tests/testkit"
)

// newServerDB is bun's handle as the server makes it (postgres.NewPool,
// postgres.NewBun) with a pool of conns, on a fresh database of the test's own.
func newServerDB(t *testing.T, conns int32) *bun.DB {
	t.Helper()
	pool, err := postgres.NewPool(context.Background(), testkit.NewDatabase(t), conns)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	db := postgres.NewBun(pool)
	t.Cleanup(func() { _ = db.Close() })
	return db
}

// bun writes values into the statement's text, so most queries are new to
// the server: preparing each would cost a round trip and leave a statement
// that is never used again. The pool's database/sql handle must run a text
// unprepared the first time, prepare it when it comes back, and always
// prepare (and reuse) queries that carry arguments.
func TestQueriesWithInlinedValuesAreNotPrepared(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn, err := newServerDB(t, 2).Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	for i := range 20 {
		var n int
		if err := conn.NewRaw(fmt.Sprintf("SELECT %d + ?", i), 1).Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		if n != i+1 {
			t.Fatalf("SELECT %d + 1 = %d", i, n)
		}
	}
	prepared := func() int {
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM pg_prepared_statements").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := prepared(); n != 0 {
		t.Fatalf("%d statements prepared for 20 queries with inlined values, want 0", n)
	}

	for i := range 3 {
		var n int
		// Below bun, which would write the value into the text.
		if err := conn.Conn.QueryRowContext(ctx, "SELECT $1::int + 1", i).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != i+1 {
			t.Fatalf("$1 + 1 with $1 = %d gave %d", i, n)
		}
	}
	if n := prepared(); n != 2 {
		t.Fatalf("a query with arguments run three times added %d prepared statements, want 1", n-1)
	}
}

// The hot reads scan their rows with pgx itself when the connection under
// bun's handle is pgx's: the pool's connections must say so, or every
// such read falls back to database/sql's scanning after taking a
// connection for nothing.
func TestPoolConnectionsAreReachableAsPgx(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn, err := newServerDB(t, 2).DB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	err = conn.Raw(func(driverConn any) error {
		pc, ok := pgkit.PgxConnOf(driverConn)
		if !ok {
			return fmt.Errorf("a %T is not reachable as a pgx connection", driverConn)
		}
		var one int
		return pc.QueryRow(ctx, "SELECT 1").Scan(&one)
	})
	if err != nil {
		t.Fatal(err)
	}
}
