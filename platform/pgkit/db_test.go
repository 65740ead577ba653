package pgkit_test

import (
	"database/sql"
	"testing"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/tests/testkit"
)

// newDB is bun on a fresh migrated database of the test's own.
func newDB(t testing.TB) *bun.DB {
	t.Helper()
	sqldb, err := sql.Open("pgx", testkit.NewDatabase(t))
	if err != nil {
		t.Fatal(err)
	}
	db := bun.NewDB(sqldb, pgdialect.New())
	t.Cleanup(func() { _ = db.Close() })
	return db
}
