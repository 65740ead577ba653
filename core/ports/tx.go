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

type beforeCommitKey struct{}

// WithBeforeCommit makes every transaction begun under ctx (Transactor)
// run fn just before it commits, inside it; fn's error rolls it back. A
// request holding an Idempotency-Key records this way, in the write's own
// transaction, that its write committed: a retry that later takes the key
// over then knows the write happened even if its answer was never stored.
func WithBeforeCommit(ctx context.Context, fn func(ctx context.Context) error) context.Context {
	return context.WithValue(ctx, beforeCommitKey{}, fn)
}

// BeforeCommitFrom is what ctx asks its transactions to run before they
// commit (WithBeforeCommit), or nil.
func BeforeCommitFrom(ctx context.Context) func(ctx context.Context) error {
	fn, _ := ctx.Value(beforeCommitKey{}).(func(ctx context.Context) error)
	return fn
}
