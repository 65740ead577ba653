package pgstore

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	push "social/features/push/app"
	"social/platform/pgkit"
)

// DeliverArgs is the job pushing one thing to one device.
type DeliverArgs struct {
	Subscription uuid.UUID  `json:"subscription"`
	Topic        string     `json:"topic"`
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

// QueueName is the push deliveries' own job queue (push.workers at a time on
// each node): a burst of pushes after a busy post neither waits behind
// link previews and mail in the outside queue nor holds them up.
const QueueName = "push"

// InsertOpts puts the job in the push queue with a few attempts: River's backoff spaces them over about twenty
// minutes, and a push older than its TTL is dropped anyway.
func (DeliverArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueName, MaxAttempts: 6}
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
type Queue struct {
	DB   *bun.DB
	Jobs *pgkit.JobInserter
}

// Enqueue enqueues one job per device, leaving out those whose device and
// topic had a push less than window ago (none left out when window is 0).
func (q Queue) Enqueue(ctx context.Context, jobs []push.Job, window time.Duration) error {
	if window > 0 {
		var err error
		if jobs, err = q.firstInWindow(ctx, jobs, window); err != nil {
			return err
		}
	}
	if len(jobs) == 0 {
		return nil
	}
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
		params[i] = river.InsertManyParams{Args: args}
	}
	return q.Jobs.InsertMany(ctx, params)
}

// firstInWindow keeps the jobs whose device and topic had no push within
// window before the job's time, and starts their window. Two nodes
// queueing one topic at once meet on the row: the second waits for the
// first's commit and then finds the window taken.
func (q Queue) firstInWindow(ctx context.Context, jobs []push.Job, window time.Duration) ([]push.Job, error) {
	type key struct {
		sub   uuid.UUID
		topic string
	}
	byKey := make(map[key]push.Job, len(jobs))
	subs := make([]uuid.UUID, 0, len(jobs))
	topics := make([]string, 0, len(jobs))
	ats := make([]time.Time, 0, len(jobs))
	oldest := time.Time{}
	for _, j := range jobs {
		k := key{j.Subscription, j.Topic}
		if _, seen := byKey[k]; seen {
			continue // one statement cannot claim one row twice; the first is the push
		}
		byKey[k] = j
		subs, topics, ats = append(subs, j.Subscription), append(topics, j.Topic), append(ats, j.At)
		if oldest.IsZero() || j.At.Before(oldest) {
			oldest = j.At
		}
	}
	if len(subs) == 0 {
		return nil, nil
	}
	db := pgkit.IDB(ctx, q.DB)
	// The devices' ended windows go as new pushes come.
	if _, err := db.NewRaw(`DELETE FROM push_topics WHERE subscription_id = ANY(?::uuid[]) AND until <= ?`,
		pgdialect.Array(subs), oldest).Exec(ctx); err != nil {
		return nil, err
	}
	var claimed []struct {
		Sub   uuid.UUID `bun:"subscription_id"`
		Topic string    `bun:"topic"`
	}
	if err := db.NewRaw(`INSERT INTO push_topics (subscription_id, topic, until)
		SELECT s, t, a + ?::interval FROM unnest(?::uuid[], ?::text[], ?::timestamptz[]) AS j (s, t, a)
		ON CONFLICT (subscription_id, topic) DO UPDATE SET until = EXCLUDED.until
			WHERE push_topics.until <= EXCLUDED.until - ?::interval
		RETURNING subscription_id, topic`,
		window.String(), pgdialect.Array(subs), pgdialect.Array(topics), pgdialect.Array(ats), window.String(),
	).Scan(ctx, &claimed); err != nil {
		return nil, err
	}
	kept := make([]push.Job, 0, len(claimed))
	for _, c := range claimed {
		kept = append(kept, byKey[key{c.Sub, c.Topic}])
	}
	return kept, nil
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
