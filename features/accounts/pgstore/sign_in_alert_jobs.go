package pgstore

import (
	"context"

	"github.com/riverqueue/river"

	accounts "social/features/accounts/app"
	"social/platform/pgkit"
)

// SendSignInAlertArgs is the job warning a member of failed sign-ins.
type SendSignInAlertArgs struct {
	Email string `json:"email"`
}

// Kind is the job's stable name.
func (SendSignInAlertArgs) Kind() string { return "accounts.send_sign_in_alert" }

// SendSignInAlertWorker works accounts.send_sign_in_alert. A retry after
// the mail was queued sends nothing more: one alert per window.
type SendSignInAlertWorker struct {
	river.WorkerDefaults[SendSignInAlertArgs]
	Send *accounts.SendSignInAlert
}

// Work sends the warning, if the address has an account.
func (w *SendSignInAlertWorker) Work(ctx context.Context, job *river.Job[SendSignInAlertArgs]) error {
	return w.Send.Handle(ctx, job.Args.Email)
}

// AlertQueue enqueues accounts.send_sign_in_alert.
type AlertQueue struct{ Jobs *pgkit.JobInserter }

// EnqueueSignInAlert enqueues the job for an e-mail.
func (q AlertQueue) EnqueueSignInAlert(ctx context.Context, email string) error {
	return q.Jobs.Insert(ctx, SendSignInAlertArgs{Email: email}, &river.InsertOpts{MaxAttempts: 5})
}
