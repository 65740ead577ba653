package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/core/domain"
	"social/features/digest/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// PlanArgs is the periodic run that queues the week's digests.
type PlanArgs struct{}

// Kind is the job's stable name.
func (PlanArgs) Kind() string { return "digest.plan_week" }

// PlanWorker works digest.plan_week; running it twice queues nothing twice.
type PlanWorker struct {
	river.WorkerDefaults[PlanArgs]
	Plan *app.PlanWeek
}

// Work queues the members due their digest.
func (w *PlanWorker) Work(ctx context.Context, _ *river.Job[PlanArgs]) error {
	_, err := w.Plan.Handle(ctx)
	return err
}

// NewPlanJob schedules digest.plan_week every `every` and at start: the
// run sends nothing before the week's sending time, and a node down at
// that time is caught up by the next run.
func NewPlanJob(every time.Duration) plugin.PeriodicJob {
	every = max(every, time.Second)
	return plugin.PeriodicJob{Name: PlanArgs{}.Kind(), Job: river.NewPeriodicJob(
		river.PeriodicInterval(every),
		func() (river.JobArgs, *river.InsertOpts) {
			return PlanArgs{}, &river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: every}}
		},
		&river.PeriodicJobOpts{RunOnStart: true})}
}

// SendArgs is one member's digest of one week.
type SendArgs struct {
	Member uuid.UUID `json:"member"`
	Week   string    `json:"week"` // YYYY-MM-DD, the Monday
}

// Kind is the job's stable name.
func (SendArgs) Kind() string { return "digest.send" }

// InsertOpts: one job per member and week while it waits or runs; its mail
// goes through the outbox, whose own job waits on the mail server.
func (SendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// SendWorker works digest.send.
type SendWorker struct {
	river.WorkerDefaults[SendArgs]
	Send *app.SendDigest
}

// Work sends the member's digest of the week, once.
func (w *SendWorker) Work(ctx context.Context, job *river.Job[SendArgs]) error {
	week, err := time.Parse(time.DateOnly, job.Args.Week)
	if err != nil {
		return river.JobCancel(err)
	}
	return w.Send.Handle(ctx, domain.UserID(job.Args.Member), week)
}

// Queue inserts the digest jobs (app.SendQueue).
type Queue struct{ Jobs *pgkit.JobInserter }

// Enqueue queues one digest.send per member, in one statement.
func (q Queue) Enqueue(ctx context.Context, week time.Time, members []domain.UserID) error {
	params := make([]river.InsertManyParams, len(members))
	for i, m := range members {
		params[i] = river.InsertManyParams{Args: SendArgs{Member: uuid.UUID(m), Week: week.Format(time.DateOnly)}}
	}
	return q.Jobs.InsertMany(ctx, params)
}
