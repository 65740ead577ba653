package pgkit

import (
	"context"

	"github.com/uptrace/bun"

	"social/core/ports"
)

type txKey struct{}

// Transactor runs use cases' units of work in one bun transaction carried
// by the context (see ports.Transactor).
type Transactor struct{ db *bun.DB }

// NewTransactor makes a Transactor on db.
func NewTransactor(db *bun.DB) *Transactor { return &Transactor{db: db} }

// InTx runs fn in a transaction, or in the one ctx already carries. The
// transaction is begun on the handle ctx names (OnDB), if any.
func (t *Transactor) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := TxFrom(ctx); ok {
		return fn(ctx)
	}
	end := &unitEnd{}
	err := DBOf(ctx, t.db).RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		ctx = context.WithValue(context.WithValue(ctx, txKey{}, tx), unitEndKey{}, end)
		if err := fn(ctx); err != nil {
			return err
		}
		return end.run(ctx, tx)
	})
	if err == nil {
		for _, fn := range end.committed {
			fn(ctx)
		}
	}
	return err
}

// AfterCommit runs fn once the unit of work ctx carries has committed,
// and never if it rolls back; outside one, at once (ports.AfterCommit).
func (t *Transactor) AfterCommit(ctx context.Context, fn func(ctx context.Context)) {
	if end, ok := ctx.Value(unitEndKey{}).(*unitEnd); ok {
		end.committed = append(end.committed, fn)
		return
	}
	fn(ctx)
}

type unitEndKey struct{}

// unitEnd is what a unit of work leaves for its end, just before the
// commit: the jobs it enqueued (one statement for all), then the
// statements that asked to come last, then what the context asks of every
// transaction (ports.WithBeforeCommit); and what waits for the commit.
type unitEnd struct {
	jobs      pendingJobs
	last      []func(ctx context.Context) error
	committed []func(ctx context.Context)
}

func (u *unitEnd) run(ctx context.Context, tx bun.Tx) error {
	if err := u.jobs.insert(ctx, tx); err != nil {
		return err
	}
	for _, fn := range u.last {
		if err := fn(ctx); err != nil {
			return err
		}
	}
	if fn := ports.BeforeCommitFrom(ctx); fn != nil {
		return fn(ctx)
	}
	return nil
}

// Last runs fn at the end of the unit of work ctx carries, after its jobs
// are enqueued and just before the commit, or at once outside one. It is
// for a statement whose row locks others wait on (a trending hashtag's
// count): the shorter they are held, the more units of work commit per
// second.
func Last(ctx context.Context, fn func(ctx context.Context) error) error {
	if end, ok := ctx.Value(unitEndKey{}).(*unitEnd); ok {
		end.last = append(end.last, fn)
		return nil
	}
	return fn(ctx)
}

// TxFrom is the transaction ctx carries, if any.
func TxFrom(ctx context.Context) (bun.Tx, bool) {
	tx, ok := ctx.Value(txKey{}).(bun.Tx)
	return tx, ok
}

// IDB is where a store's query runs: the transaction of ctx, else the
// handle ctx names (OnDB), else db.
func IDB(ctx context.Context, db *bun.DB) bun.IDB {
	if tx, ok := TxFrom(ctx); ok {
		return tx
	}
	return DBOf(ctx, db)
}

type dbKey struct{}

// OnDB makes the work of ctx run on db instead of each store's own handle:
// its statements outside a transaction, and the transactions it begins.
// Background work (jobs, the search indexer) runs on a pool of its own
// this way, so that requests holding every connection of the serving pool
// do not hold up what makes their writes visible.
func OnDB(ctx context.Context, db *bun.DB) context.Context {
	return context.WithValue(ctx, dbKey{}, db)
}

// DBOf is the handle ctx names (OnDB), or db.
func DBOf(ctx context.Context, db *bun.DB) *bun.DB {
	if own, ok := ctx.Value(dbKey{}).(*bun.DB); ok {
		return own
	}
	return db
}
