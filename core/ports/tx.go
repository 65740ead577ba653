package ports

import "context"

// Transactor runs fn in one database transaction. Stores called with the
// context fn receives take part in it; fn's error rolls everything back.
// Called inside a transaction, it joins it.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// AfterCommit runs fn once the transaction ctx carries has committed, and
// never if it rolls back; outside a transaction, at once. It is for what
// others hear of a change (an event), which must not reach them before
// the change can be read, nor when it was undone.
type AfterCommit interface {
	AfterCommit(ctx context.Context, fn func(ctx context.Context))
}
