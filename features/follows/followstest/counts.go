// Package followstest checks, in any feature's tests, what the follows
// feature keeps true: a profile's follow counters equal its follow rows.
package followstest

import (
	"context"
	"testing"

	"github.com/uptrace/bun"
)

// Counts reads the follower and following counters of the profile id and
// fails t unless they equal the rows of follows that name it.
func Counts(t testing.TB, db bun.IDB, id string) (followers, following int) {
	t.Helper()
	var rows [2]int
	ctx := context.Background()
	if err := db.NewRaw(`SELECT follower_count, following_count FROM profiles WHERE id = ?`, id).
		Scan(ctx, &followers, &following); err != nil {
		t.Fatal(err)
	}
	if err := db.NewRaw(`SELECT (SELECT count(*) FROM follows WHERE following_id = ?),
		(SELECT count(*) FROM follows WHERE follower_id = ?)`, id, id).Scan(ctx, &rows[0], &rows[1]); err != nil {
		t.Fatal(err)
	}
	if followers != rows[0] || following != rows[1] {
		t.Fatalf("counters of %s = %d/%d, rows %d/%d", id, followers, following, rows[0], rows[1])
	}
	return followers, following
}
