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
// jobs.Client works them.
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

// Insert enqueues args in the transaction of ctx, or on its own.
func (j *JobInserter) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
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
