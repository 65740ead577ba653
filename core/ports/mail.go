package ports

import "context"

// Mail is one plain-text e-mail to one address.
type Mail struct {
	To       string
	Subject  string
	BodyText string
}

// Outbox queues mail. Enqueue writes the message in the transaction of ctx
// (see Transactor), so that it leaves only if what it announces is stored;
// delivery happens afterwards, in a job.
type Outbox interface {
	Enqueue(ctx context.Context, m Mail) error
}
