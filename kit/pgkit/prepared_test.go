package pgkit_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"social/kit/pgkit"
)

// A uuid.UUID parameter reaches PostgreSQL as the same UUID whatever way
// it is sent, in a read, a one-row read and a write, and the caller's
// arguments are left as they were.
func TestPreparedSendsUUIDs(t *testing.T) {
	db := newDB(t)
	ctx := context.Background()
	id := uuid.Must(uuid.NewV7())
	args := []any{id, id.String()}

	var same []bool
	if err := pgkit.Prepared(ctx, db, &same, `SELECT ?::uuid = ?::text::uuid`, args...); err != nil {
		t.Fatal(err)
	}
	if len(same) != 1 || !same[0] {
		t.Errorf("Prepared: the UUID arrived as another value (%v)", same)
	}
	if _, ok := args[0].(uuid.UUID); !ok {
		t.Errorf("the caller's argument became %T", args[0])
	}

	var text string
	if err := pgkit.PreparedRow(ctx, db, `SELECT ?::uuid::text`, id).Scan(&text); err != nil || text != id.String() {
		t.Errorf("PreparedRow: %q, %v; want %q", text, err, id)
	}

	if _, err := pgkit.PreparedExec(ctx, db, `CREATE TABLE prepared_ids (id uuid)`); err != nil {
		t.Fatal(err)
	}
	if _, err := pgkit.PreparedExec(ctx, db, `INSERT INTO prepared_ids VALUES (?)`, id); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := pgkit.PreparedRow(ctx, db, `SELECT count(*) FROM prepared_ids WHERE id = ?`, id).Scan(&n); err != nil || n != 1 {
		t.Errorf("PreparedExec: %d rows with the id, %v", n, err)
	}
}
