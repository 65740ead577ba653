package pgstore

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"social/core/ports"
	"social/kit/plugin"
)

// PruneArgs is the periodic job that deletes challenges and counted
// failures a day past.
type PruneArgs struct{}

// Kind is the job's stable name.
func (PruneArgs) Kind() string { return "twofactor.prune" }

// PruneWorker works twofactor.prune; running it twice is harmless.
type PruneWorker struct {
	river.WorkerDefaults[PruneArgs]
	Store *Store
	Clock ports.Clock
}

// Work prunes what is older than a day: a challenge lives 5 minutes, a
// failure counts 15.
func (w *PruneWorker) Work(ctx context.Context, _ *river.Job[PruneArgs]) error {
	return w.Store.Prune(ctx, w.Clock.Now().Add(-24*time.Hour))
}

// NewPruneJob schedules twofactor.prune hourly.
func NewPruneJob() plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: "twofactor.prune", Job: river.NewPeriodicJob(
		river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return PruneArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}
