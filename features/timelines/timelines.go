// Package timelines is the timelines feature: each member's 'Seguindo' timeline, filled by fan-out jobs.
// Its use cases are in app/, its store and jobs in pgstore/ (it has no
// routes: 'Seguindo' is served by the posts feature); this file wires them.
package timelines

import (
	"log/slog"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	"social/features/timelines/app"
	timelinesstore "social/features/timelines/pgstore"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Module provides the timeline store and queue (posts place themselves
// in timelines, follows enqueue backfills and cleanups) and runs their
// jobs, with the hourly trim.
var Module = fx.Module("timelines",
	fx.Provide(
		timelinesstore.NewTimelines,
		fx.Annotate(func(j *pgkit.JobInserter) timelinesstore.TimelineQueue { return timelinesstore.TimelineQueue{Jobs: j} },
			fx.As(fx.Self()), fx.As(new(app.Queue))),
		newHomeNews,
		func(s *timelinesstore.Timelines, q timelinesstore.TimelineQueue, news *app.HomeNews, cfg *config.Config) *app.PlaceNewPost {
			return &app.PlaceNewPost{Store: s, Queue: q, News: news, PullAbove: cfg.Timelines.PullAboveFollowers}
		},
		plugin.AsWorker(func(s *timelinesstore.Timelines, news *app.HomeNews) plugin.Worker {
			return plugin.NewWorker("", &timelinesstore.FanOutWorker{FanOut: &app.FanOut{Store: s, News: news}})
		}),
		plugin.AsWorker(func(s *timelinesstore.Timelines) plugin.Worker {
			return plugin.NewWorker("", &timelinesstore.FollowWorker[timelinesstore.BackfillArgs]{Handle: (&app.Backfill{Store: s}).Handle})
		}),
		plugin.AsWorker(func(s *timelinesstore.Timelines) plugin.Worker {
			return plugin.NewWorker("", &timelinesstore.FollowWorker[timelinesstore.RemoveAuthorArgs]{Handle: (&app.RemoveAuthor{Store: s}).Handle})
		}),
		plugin.AsWorker(func(s *timelinesstore.Timelines) plugin.Worker {
			return plugin.NewWorker("", &timelinesstore.TrimWorker{Trim: &app.Trim{Store: s}})
		}),
		plugin.AsPeriodicJob(newTrimTimelinesJob),
	),
)

type homeNewsParams struct {
	fx.In
	Broadcaster ports.Broadcaster `optional:"true"`
	DB          *bun.DB
	Log         *slog.Logger
}

// newHomeNews tells the members' home topics of new posts, when the app
// broadcasts (the command line does not).
func newHomeNews(p homeNewsParams) *app.HomeNews {
	if p.Broadcaster == nil {
		return nil
	}
	return &app.HomeNews{Broadcaster: p.Broadcaster, After: pgkit.NewTransactor(p.DB), Log: p.Log}
}

func newTrimTimelinesJob() plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: "timelines.trim", Job: river.NewPeriodicJob(
		river.PeriodicInterval(timelinesstore.TrimEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return timelinesstore.TrimArgs{}, &river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: timelinesstore.TrimEvery}}
		},
		nil)}
}
