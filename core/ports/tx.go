package ports

import "context"

// Transactor runs fn in one database transaction. Stores called with the
// context fn receives take part in it; fn's error rolls everything back.
// Called inside a transaction, it joins it.
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}
