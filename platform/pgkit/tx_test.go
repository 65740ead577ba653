package pgkit_test

import (
	"context"
	"errors"
	"testing"

	"social/platform/pgkit"
)

// What waits for a unit of work's commit runs once it committed, where
// its writes can be read; never when it rolls back; at once outside one.
// A nested unit of work's waits for the outer commit.
func TestAfterCommitWaitsForTheCommit(t *testing.T) {
	ctx := context.Background()
	db := newDB(t)
	tx := pgkit.NewTransactor(db)
	if _, err := db.Exec(`CREATE TABLE after_commit_notes (n int)`); err != nil {
		t.Fatal(err)
	}
	var heard []int
	note := func(n int) func(ctx context.Context) {
		return func(ctx context.Context) {
			var rows int
			if err := pgkit.IDB(ctx, db).NewRaw(`SELECT count(*) FROM after_commit_notes WHERE n = ?`, n).Scan(ctx, &rows); err != nil {
				t.Fatal(err)
			}
			if _, inTx := pgkit.TxFrom(ctx); inTx || rows != 1 {
				t.Errorf("note %d heard in a transaction (%v) or before its row was there (%d rows)", n, inTx, rows)
			}
			heard = append(heard, n)
		}
	}
	write := func(ctx context.Context, n int) error {
		_, err := pgkit.IDB(ctx, db).NewRaw(`INSERT INTO after_commit_notes VALUES (?)`, n).Exec(ctx)
		return err
	}

	err := tx.InTx(ctx, func(ctx context.Context) error {
		if err := write(ctx, 1); err != nil {
			return err
		}
		tx.AfterCommit(ctx, note(1))
		// A use case's own unit of work joins the outer one, and so does
		// what it leaves for the commit.
		if err := tx.InTx(ctx, func(ctx context.Context) error { return write(ctx, 2) }); err != nil {
			return err
		}
		tx.AfterCommit(ctx, note(2))
		if len(heard) != 0 {
			t.Errorf("heard %v before the commit", heard)
		}
		return nil
	})
	if err != nil || len(heard) != 2 || heard[0] != 1 || heard[1] != 2 {
		t.Fatalf("after the commit heard %v (%v), want [1 2]", heard, err)
	}

	heard = nil
	undone := errors.New("undone")
	err = tx.InTx(ctx, func(ctx context.Context) error {
		tx.AfterCommit(ctx, note(3))
		return undone
	})
	if !errors.Is(err, undone) || len(heard) != 0 {
		t.Fatalf("a rolled back unit of work: %v, heard %v", err, heard)
	}

	if err := write(ctx, 4); err != nil {
		t.Fatal(err)
	}
	tx.AfterCommit(ctx, note(4))
	if len(heard) != 1 || heard[0] != 4 {
		t.Fatalf("outside a unit of work heard %v, want [4] at once", heard)
	}
}
