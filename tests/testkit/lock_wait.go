package testkit

import (
	"context"
	"testing"
	"time"

	"github.com/uptrace/bun"
)

// WaitForLockWait waits until a statement of db's database whose text is
// like pattern (SQL LIKE, e.g. `%INSERT INTO likes%`) is blocked on a
// lock, and fails the test after 10 s. A test that needs one transaction
// to be held up by another checks it here, in PostgreSQL's own view of
// its backends, rather than by sleeping and hoping.
func WaitForLockWait(t testing.TB, db bun.IDB, pattern string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		var waiting bool
		if err := db.NewRaw(`SELECT EXISTS (SELECT 1 FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ?)`, pattern).
			Scan(context.Background(), &waiting); err != nil {
			t.Fatal(err)
		}
		if waiting {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no statement like %q waited on a lock within 10 s", pattern)
		}
	}
}
