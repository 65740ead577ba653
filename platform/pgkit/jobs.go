package pgkit

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/uptrace/bun"
)

// JobInserter enqueues River jobs in the bun transaction of the context, so
// that a job exists only if what it works on was committed. It is an
// insert-only River client on the shared pool (through database/sql); the
// the River client works them.
type JobInserter struct {
	client *river.Client[*sql.Tx]
}

// NewJobInserter makes the insert-only client.
func NewJobInserter(db *bun.DB, logger *slog.Logger) (*JobInserter, error) {
	client, err := river.NewClient(riverdatabasesql.New(db.DB), &river.Config{Logger: logger.With("component", "jobs-insert")})
	if err != nil {
		return nil, fmt.Errorf("create job inserter: %w", err)
	}
	return &JobInserter{client: client}, nil
}

// Insert enqueues args in the transaction of ctx, or on its own. In a
// Transactor's transaction the job is inserted with the others the unit of
// work enqueued, in one statement just before the commit: a new post's
// fan-out, index and preview jobs cost one round trip, not three.
func (j *JobInserter) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	if end, ok := ctx.Value(unitEndKey{}).(*unitEnd); ok {
		end.jobs.add(j, river.InsertManyParams{Args: args, InsertOpts: opts})
		return nil
	}
	var err error
	if tx, ok := TxFrom(ctx); ok {
		_, err = j.client.InsertTx(ctx, tx.Tx, args, opts)
	} else {
		_, err = j.client.Insert(ctx, args, opts)
	}
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", args.Kind(), err)
	}
	return nil
}

// InsertMany enqueues many jobs in one statement, in the transaction of
// ctx or on their own.
func (j *JobInserter) InsertMany(ctx context.Context, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	var err error
	if tx, ok := TxFrom(ctx); ok {
		_, err = j.client.InsertManyTx(ctx, tx.Tx, params)
	} else {
		_, err = j.client.InsertMany(ctx, params)
	}
	if err != nil {
		return fmt.Errorf("enqueue %d jobs: %w", len(params), err)
	}
	return nil
}

// pendingJobs are the jobs a unit of work enqueued, to be inserted at its
// end.
type pendingJobs struct {
	inserter *JobInserter
	params   []river.InsertManyParams
}

func (p *pendingJobs) add(j *JobInserter, params river.InsertManyParams) {
	p.inserter = j // any inserter writes into the transaction it is given
	p.params = append(p.params, params)
}

// insert writes the pending jobs in tx, in one statement.
func (p *pendingJobs) insert(ctx context.Context, tx bun.Tx) error {
	if len(p.params) == 0 {
		return nil
	}
	if _, err := p.inserter.client.InsertManyTx(ctx, tx.Tx, p.params); err != nil {
		return fmt.Errorf("enqueue %d jobs: %w", len(p.params), err)
	}
	return nil
}
