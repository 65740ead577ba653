package pgkit_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"testing"

	"github.com/riverqueue/river"

	"social/platform/pgkit"
)

type noteArgs struct{ N int }

func (noteArgs) Kind() string { return "test.note" }

// The jobs a unit of work enqueues are written together at its end (one
// statement instead of one each), before the statements asked to come
// last, and not at all when it rolls back; outside a unit of work a job is
// written at once.
func TestJobsOfAUnitOfWorkAreWrittenTogetherAtItsCommit(t *testing.T) {
	ctx := context.Background()
	db := newDB(t)
	jobs, err := pgkit.NewJobInserter(db, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	tx := pgkit.NewTransactor(db)
	count := func(ctx context.Context) int {
		var n int
		if err := pgkit.IDB(ctx, db).NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'test.note'`).Scan(ctx, &n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	jobsBeforeLast := -1
	err = tx.InTx(ctx, func(ctx context.Context) error {
		for i := range 3 {
			if err := jobs.Insert(ctx, noteArgs{N: i}, nil); err != nil {
				return err
			}
		}
		if n := count(ctx); n != 0 {
			t.Errorf("%d jobs written before the unit of work ended, want them kept for its end", n)
		}
		// A statement asked to come last comes after the jobs.
		return pgkit.Last(ctx, func(ctx context.Context) error {
			jobsBeforeLast = count(ctx)
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	if jobsBeforeLast != 3 {
		t.Fatalf("the last statement saw %d jobs, want the unit's 3 written before it", jobsBeforeLast)
	}
	if n := count(ctx); n != 3 {
		t.Fatalf("%d jobs after the commit, want 3", n)
	}

	refused := errors.New("refused")
	err = tx.InTx(ctx, func(ctx context.Context) error {
		if err := jobs.Insert(ctx, noteArgs{N: 9}, nil); err != nil {
			return err
		}
		return refused
	})
	if !errors.Is(err, refused) {
		t.Fatalf("rolled back unit of work: %v", err)
	}
	if n := count(ctx); n != 3 {
		t.Fatalf("%d jobs after a rollback, want the 3 committed before", n)
	}

	if err := jobs.Insert(ctx, noteArgs{N: 10}, &river.InsertOpts{Queue: "default"}); err != nil {
		t.Fatal(err)
	}
	if n := count(ctx); n != 4 {
		t.Fatalf("%d jobs after one enqueued on its own, want 4", n)
	}
}
