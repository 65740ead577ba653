package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"social/kit/plugin"
)

// pruner deletes the rows of a table of short-lived rows (rate-limit
// events, idempotency keys) that no longer count, and says how many.
type pruner interface {
	Prune(ctx context.Context) (int64, error)
}

// PruneWorker works the pruning job of kind A by calling its store's
// Prune; running it twice is harmless.
type PruneWorker[A river.JobArgs] struct {
	river.WorkerDefaults[A]
	Store pruner
}

// Work prunes.
func (w *PruneWorker[A]) Work(ctx context.Context, _ *river.Job[A]) error {
	_, err := w.Store.Prune(ctx)
	return err
}

// prunePeriodically is the periodic job of kind A, every interval and once
// when the app starts.
func prunePeriodically[A river.JobArgs](every time.Duration) plugin.PeriodicJob {
	var args A
	return plugin.PeriodicJob{Name: args.Kind(), Job: river.NewPeriodicJob(
		river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) { return args, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}

// deleteRows runs one pruning DELETE and says how many rows it removed.
func deleteRows(ctx context.Context, db bun.IDB, what, query string, args ...any) (int64, error) {
	res, err := db.NewRaw(query, args...).Exec(ctx)
	if err != nil {
		return 0, fmt.Errorf("prune %s: %w", what, err)
	}
	return res.RowsAffected()
}
