package pgstore

import (
	"context"

	"github.com/riverqueue/river"

	"social/platform/pgkit"
)

// mailJobArgs is a job that mails the account of one e-mail address: each
// kind is its own type, the work is the same.
type mailJobArgs interface {
	river.JobArgs
	address() string
}

// AddressMailer is a use case that mails the account of an e-mail address,
// and does nothing when the address has none.
type AddressMailer interface {
	Handle(ctx context.Context, email string) error
}

// MailJobWorker works a job of kind A by handing its address to Send. A
// retry after the mail was queued sends nothing more: each use case keeps
// a limit per address or account that holds it.
type MailJobWorker[A mailJobArgs] struct {
	river.WorkerDefaults[A]
	Send AddressMailer
}

// Work sends the mail, if the address has an account.
func (w *MailJobWorker[A]) Work(ctx context.Context, job *river.Job[A]) error {
	return w.Send.Handle(ctx, job.Args.address())
}

// MailJobs enqueues the mail jobs, in the transaction of the context when
// there is one.
type MailJobs struct{ Jobs *pgkit.JobInserter }

func (q MailJobs) insert(ctx context.Context, args mailJobArgs) error {
	return q.Jobs.Insert(ctx, args, &river.InsertOpts{MaxAttempts: 5})
}
