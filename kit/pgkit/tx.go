package pgkit

import (
	"context"

	"github.com/uptrace/bun"
)

type txKey struct{}

// Transactor runs use cases' units of work in one bun transaction carried
// by the context (see ports.Transactor).
type Transactor struct{ db *bun.DB }

// NewTransactor makes a Transactor on db.
func NewTransactor(db *bun.DB) *Transactor { return &Transactor{db: db} }

// InTx runs fn in a transaction, or in the one ctx already carries.
func (t *Transactor) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	return t.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		jobs := &pendingJobs{}
		ctx = context.WithValue(context.WithValue(ctx, txKey{}, tx), pendingJobsKey{}, jobs)
		if err := fn(ctx); err != nil {
			return err
		}
		return jobs.insert(ctx, tx)
	})
}

// TxFrom is the transaction ctx carries, if any.
func TxFrom(ctx context.Context) (bun.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(bun.Tx)
	return tx, ok
}

// IDB is where a store's query runs: the transaction of ctx, or db.
func IDB(ctx context.Context, db *bun.DB) bun.IDB {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return db
}
