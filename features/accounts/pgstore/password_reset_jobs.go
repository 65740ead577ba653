package pgstore

import (
	"context"

	"github.com/riverqueue/river"

	accounts "social/features/accounts/app"
	"social/platform/pgkit"
)

// SendPasswordResetArgs is the job answering one password-recovery request.
type SendPasswordResetArgs struct {
	Email string `json:"email"`
}

// Kind is the job's stable name.
func (SendPasswordResetArgs) Kind() string { return "accounts.send_password_reset" }

// SendPasswordResetWorker works accounts.send_password_reset. A retry after
// the mail was queued sends nothing more: the per-address cooldown holds it.
type SendPasswordResetWorker struct {
	river.WorkerDefaults[SendPasswordResetArgs]
	Send *accounts.SendPasswordReset
}

// Work sends the mail, if the address has an account.
func (w *SendPasswordResetWorker) Work(ctx context.Context, job *river.Job[SendPasswordResetArgs]) error {
	return w.Send.Handle(ctx, job.Args.Email)
}

// ResetQueue enqueues accounts.send_password_reset.
type ResetQueue struct{ Jobs *pgkit.JobInserter }

// EnqueuePasswordReset enqueues the job of one request.
func (q ResetQueue) EnqueuePasswordReset(ctx context.Context, email string) error {
	return q.Jobs.Insert(ctx, SendPasswordResetArgs{Email: email}, &river.InsertOpts{MaxAttempts: 5})
}
