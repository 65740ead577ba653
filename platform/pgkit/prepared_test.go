package pgkit_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/platform/pgkit"
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

type ScannedBase struct {
	bun.BaseModel `bun:"table:scanned"`
	ID            uuid.UUID  `bun:"id,pk"`
	Note          *string    `bun:"note"`
	Parent        *uuid.UUID `bun:"parent_id"`
	At            time.Time  `bun:"at"`
	Count         int        `bun:"count"`
}

type scannedRow struct {
	ScannedBase
	Count   int    `bun:"count"` // the outer field wins the column, as in bun
	Liked   bool   `bun:"liked"`
	Skipped string `bun:"-"`
}

// Rows scanned by pgx fill the same fields bun fills: embedded structs,
// NULL into a nil pointer, a value into a pointer, the outer of two fields
// naming a column; a column no field names is an error, and inside a
// transaction bun scans as before.
func TestPreparedScansStructsLikeBun(t *testing.T) {
	db := newDB(t)
	ctx := context.Background()
	parent, at := uuid.Must(uuid.NewV7()), time.Date(2026, 11, 20, 12, 30, 0, 0, time.UTC)
	q := `SELECT ?::uuid AS id, NULL::text AS note, ?::uuid AS parent_id, ?::timestamptz AS at, 7 AS count, true AS liked
		UNION ALL SELECT ?::uuid, 'oi', NULL, ?::timestamptz, 8, false ORDER BY count`
	first, second := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	args := []any{first, parent, at, second, at}

	check := func(name string, rows []scannedRow) {
		t.Helper()
		if len(rows) != 2 {
			t.Fatalf("%s: %d rows", name, len(rows))
		}
		a, b := rows[0], rows[1]
		if a.ID != first || a.Note != nil || a.Parent == nil || *a.Parent != parent || !a.At.Equal(at) || a.Count != 7 || !a.Liked {
			t.Errorf("%s: first row %+v", name, a)
		}
		if b.ID != second || b.Note == nil || *b.Note != "oi" || b.Parent != nil || b.Count != 8 || b.Liked {
			t.Errorf("%s: second row %+v", name, b)
		}
	}
	var native []scannedRow
	if err := pgkit.Prepared(ctx, db, &native, q, args...); err != nil {
		t.Fatal(err)
	}
	check("outside a transaction", native)

	err := pgkit.NewTransactor(db).InTx(ctx, func(ctx context.Context) error {
		var inTx []scannedRow
		if err := pgkit.Prepared(ctx, db, &inTx, q, args...); err != nil {
			return err
		}
		check("in a transaction", inTx)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// Rows land in capacity the caller's slice already had as if new, and
	// a slice grows past it with every row kept.
	reused := append(make([]scannedRow, 0, 4), scannedRow{Skipped: "old", Liked: true})[:0]
	if err := pgkit.Prepared(ctx, db, &reused, q, args...); err != nil {
		t.Fatal(err)
	}
	check("into a reused slice", reused)
	if reused[0].Skipped != "" {
		t.Errorf("a reused slice's old row showed through: %+v", reused[0])
	}
	var many []scannedRow
	if err := pgkit.Prepared(ctx, db, &many, `SELECT ?::uuid AS id, n AS count FROM generate_series(1, 50) n ORDER BY n`, first); err != nil {
		t.Fatal(err)
	}
	for i, r := range many {
		if r.Count != i+1 || r.ID != first {
			t.Fatalf("row %d of %d: %+v", i, len(many), r)
		}
	}
	if len(many) != 50 {
		t.Errorf("%d rows of 50", len(many))
	}

	var unknown []scannedRow
	if err := pgkit.Prepared(ctx, db, &unknown, `SELECT 1 AS nobody`); err == nil {
		t.Error("a column without a field was scanned without an error")
	}
}

// A struct type read by statements whose columns differ (in number, order
// or names) gets each statement's own layout, however the reads alternate:
// the layout of one is never reused for another.
func TestPreparedLaysOutEachStatementsColumns(t *testing.T) {
	db := newDB(t)
	ctx := context.Background()
	id := uuid.Must(uuid.NewV7())
	statements := []struct {
		q    string
		want scannedRow
	}{
		{`SELECT ?::uuid AS id, 3 AS count`, scannedRow{ScannedBase: ScannedBase{ID: id}, Count: 3}},
		{`SELECT 4 AS count, ?::uuid AS id`, scannedRow{ScannedBase: ScannedBase{ID: id}, Count: 4}},
		{`SELECT ?::uuid AS id, true AS liked`, scannedRow{ScannedBase: ScannedBase{ID: id}, Liked: true}},
		{`SELECT ?::uuid AS id, 5 AS count, true AS liked`, scannedRow{ScannedBase: ScannedBase{ID: id}, Count: 5, Liked: true}},
	}
	for round := range 3 {
		for _, s := range statements {
			var rows []scannedRow
			if err := pgkit.Prepared(ctx, db, &rows, s.q, id); err != nil {
				t.Fatal(err)
			}
			if len(rows) != 1 || rows[0] != s.want {
				t.Fatalf("round %d, %s: %+v, want %+v", round, s.q, rows, s.want)
			}
		}
	}
}
