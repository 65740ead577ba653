package pgstore

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/core/domain"
	push "social/features/push/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// DeliverArgs is the job pushing one thing to one device. Subscription and
// topic make it unique within the collapse window: the first push of a
// topic goes out, the repeats within the window are not enqueued.
type DeliverArgs struct {
	Subscription uuid.UUID  `json:"subscription" river:"unique"`
	Topic        string     `json:"topic" river:"unique"`
	Recipient    uuid.UUID  `json:"recipient"`
	Alert        string     `json:"alert"`
	Notification *uuid.UUID `json:"notification,omitempty"`
	Content      *content   `json:"content,omitempty"`
	At           time.Time  `json:"at"`
}

// content is app.Content as the job keeps it.
type content struct {
	Title     string  `json:"title"`
	Body      string  `json:"body"`
	AvatarKey *string `json:"avatar_key,omitempty"`
	URL       string  `json:"url"`
	ID        string  `json:"id"`
}

// Kind is the job's stable name.
func (DeliverArgs) Kind() string { return "push.deliver" }

// InsertOpts puts the job in the outside queue (it waits on push services)
// with a few attempts: River's backoff spaces them over about twenty
// minutes, and a push older than its TTL is dropped anyway.
func (DeliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: plugin.QueueOutside, MaxAttempts: 6}
}

func (a DeliverArgs) job() push.Job {
	j := push.Job{Subscription: a.Subscription, Recipient: domain.UserID(a.Recipient), Alert: push.Alert(a.Alert),
		Topic: a.Topic, At: a.At}
	if a.Notification != nil {
		id := domain.NotificationID(*a.Notification)
		j.Notification = &id
	}
	if c := a.Content; c != nil {
		j.Content = &push.Content{Title: c.Title, Body: c.Body, AvatarKey: c.AvatarKey, URL: c.URL, ID: c.ID}
	}
	return j
}

// Queue enqueues push.deliver jobs in the caller's transaction.
type Queue struct{ Jobs *pgkit.JobInserter }

// Enqueue enqueues one job per device, unique per device and topic within
// window (none when window is 0).
func (q Queue) Enqueue(ctx context.Context, jobs []push.Job, window time.Duration) error {
	params := make([]river.InsertManyParams, len(jobs))
	for i, j := range jobs {
		args := DeliverArgs{Subscription: j.Subscription, Topic: j.Topic, Recipient: uuid.UUID(j.Recipient),
			Alert: string(j.Alert), At: j.At}
		if j.Notification != nil {
			id := uuid.UUID(*j.Notification)
			args.Notification = &id
		}
		if c := j.Content; c != nil {
			args.Content = &content{Title: c.Title, Body: c.Body, AvatarKey: c.AvatarKey, URL: c.URL, ID: c.ID}
		}
		opts := args.InsertOpts()
		if window > 0 {
			opts.UniqueOpts = river.UniqueOpts{ByArgs: true, ByPeriod: window}
		}
		params[i] = river.InsertManyParams{Args: args, InsertOpts: &opts}
	}
	return q.Jobs.InsertMany(ctx, params)
}

// DeliverWorker works push.deliver. It is idempotent: the job's ID marks
// its push sent, and a retry finds the mark.
type DeliverWorker struct {
	river.WorkerDefaults[DeliverArgs]
	Deliver *push.Deliver
}

// Work sends the push. A push service that asked for a wait is waited for
// (snoozed); other failures take River's backoff; a refusal for good ends
// the job.
func (w *DeliverWorker) Work(ctx context.Context, job *river.Job[DeliverArgs]) error {
	err := w.Deliver.Handle(ctx, job.ID, job.Args.job())
	if errors.Is(err, push.ErrFinal) {
		return river.JobCancel(err)
	}
	var retry *push.RetryError
	if errors.As(err, &retry) && retry.Wait > 0 {
		return river.JobSnooze(min(retry.Wait, time.Hour))
	}
	return err
}
