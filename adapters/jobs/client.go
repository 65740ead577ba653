package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/config"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Status tells readiness checks whether the client is up.
type Status struct {
	started atomic.Bool
	works   bool
}

// Works reports whether the client works jobs (it has workers), rather
// than only inserting them.
func (s *Status) Works() bool { return s.works }

// Ready reports whether the client has started.
func (s *Status) Ready() bool { return s.started.Load() }

// Params are the client's dependencies.
type Params struct {
	fx.In
	Lifecycle fx.Lifecycle
	Config    *config.Config
	Logger    *slog.Logger
	// Background is where the queue's statements and the jobs' own run:
	// a pool that requests cannot take (pgkit.BackgroundDB).
	Background pgkit.BackgroundDB
	// Schema makes the client start after migrations.
	Schema       postgres.SchemaReady
	Workers      []plugin.Worker      `group:"river_workers"`
	PeriodicJobs []plugin.PeriodicJob `group:"river_periodic_jobs"`
	Queues       []plugin.Queue       `group:"river_queues"`
}

// NewClient builds the client. With no worker contributed it only inserts
// (River cannot work a queue without workers); otherwise it works the
// default queue with jobs.workers goroutines and the outside queue
// (plugin.QueueOutside) with jobs.outside_workers, and each contributed
// queue with its own workers.
func NewClient(p Params) (*river.Client[pgx.Tx], *Status, error) {
	workers := river.NewWorkers()
	for _, w := range p.Workers {
		if err := w.Add(workers); err != nil {
			return nil, nil, fmt.Errorf("add worker %s of %q: %w", w.Kind, w.Plugin, err)
		}
	}
	cfg := &river.Config{
		Logger:     p.Logger.With("component", "jobs"),
		Workers:    workers,
		JobTimeout: p.Config.Jobs.JobTimeout,
		// A killed node leaves its jobs running in the table; River's
		// leader retries them once they are this old (workers are
		// idempotent, so a rerun of a half-done job finishes it once).
		RescueStuckJobsAfter: p.Config.Jobs.RescueAfter,
		FetchCooldown:        p.Config.Jobs.FetchCooldown,
		Middleware:           []rivertype.Middleware{&onBackgroundDB{db: p.Background.DB}},
	}
	working := len(p.Workers) > 0
	if working {
		cfg.Queues = map[string]river.QueueConfig{
			river.QueueDefault:  {MaxWorkers: p.Config.Jobs.Workers},
			plugin.QueueOutside: {MaxWorkers: p.Config.Jobs.OutsideWorkers},
		}
		for _, q := range p.Queues {
			if _, taken := cfg.Queues[q.Name]; taken {
				return nil, nil, fmt.Errorf("job queue %q of %q is already named", q.Name, q.Plugin)
			}
			if q.MaxWorkers < 1 {
				return nil, nil, fmt.Errorf("job queue %q of %q needs at least one worker", q.Name, q.Plugin)
			}
			cfg.Queues[q.Name] = river.QueueConfig{MaxWorkers: q.MaxWorkers}
		}
		for _, pj := range p.PeriodicJobs {
			cfg.PeriodicJobs = append(cfg.PeriodicJobs, pj.Job)
		}
	}
	client, err := river.NewClient(riverpgxv5.New(p.Background.Pool), cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("create job client: %w", err)
	}
	status := &Status{works: working}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			if working {
				// River keeps the context given to Start for its whole life,
				// so it must not be the start hook's, which ends with it.
				if err := client.Start(context.Background()); err != nil {
					return fmt.Errorf("start job client: %w", err)
				}
			}
			status.started.Store(true)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			status.started.Store(false)
			if !working {
				return nil
			}
			// Let running jobs finish; past the stop deadline, cancel them
			// (River retries them later, which is why workers are idempotent).
			err := client.Stop(ctx)
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
				cancelCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				return client.StopAndCancel(cancelCtx)
			}
			return err
		},
	})
	return client, status, nil
}

// Module provides the River client and its status.
var Module = fx.Module("jobs", fx.Provide(NewClient))

// onBackgroundDB runs every job on the background pool (pgkit.OnDB).
type onBackgroundDB struct {
	river.MiddlewareDefaults
	db *bun.DB
}

func (m *onBackgroundDB) Work(ctx context.Context, _ *rivertype.JobRow, doInner func(context.Context) error) error {
	return doInner(pgkit.OnDB(ctx, m.db))
}
