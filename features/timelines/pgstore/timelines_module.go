package pgstore

import (
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	timelines "social/features/timelines/app"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// TimelinesModule provides the timeline store and queue (posts enqueue
// fan-outs, follows enqueue backfills and cleanups) and runs their jobs,
// with the hourly trim.
var TimelinesModule = fx.Module("timelines",
	fx.Provide(
		NewTimelines,
		func(j *pgkit.JobInserter) TimelineQueue { return TimelineQueue{Jobs: j} },
		plugin.AsWorker(func(s *Timelines) plugin.Worker {
			return plugin.NewWorker("", &FanOutWorker{FanOut: &timelines.FanOut{Store: s}})
		}),
		plugin.AsWorker(func(s *Timelines) plugin.Worker {
			return plugin.NewWorker("", &BackfillWorker{Backfill: &timelines.Backfill{Store: s}})
		}),
		plugin.AsWorker(func(s *Timelines) plugin.Worker {
			return plugin.NewWorker("", &RemoveAuthorWorker{Remove: &timelines.RemoveAuthor{Store: s}})
		}),
		plugin.AsWorker(func(s *Timelines) plugin.Worker {
			return plugin.NewWorker("", &TrimWorker{Trim: &timelines.Trim{Store: s}})
		}),
		plugin.AsPeriodicJob(newTrimTimelinesJob),
	),
)

func newTrimTimelinesJob() plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: "timelines.trim", Job: river.NewPeriodicJob(
		river.PeriodicInterval(TrimEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			return TrimArgs{}, &river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: TrimEvery}}
		},
		nil)}
}
