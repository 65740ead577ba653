package pgkit

import (
	"context"
	"reflect"

	"github.com/jackc/pgx/v5"
	"github.com/uptrace/bun"
)

// Query is one statement of PreparedTogether: its text (with ?
// placeholders, as Prepared takes it), its arguments, and the slice of
// structs its rows are scanned into.
type Query struct {
	SQL  string
	Args []any
	Dest any
}

// PreparedTogether runs queries as Prepared does, each into its Dest, but
// sends them to PostgreSQL in one batch: one round trip for all of them
// when none needs another's answer. A page read after the reader's muted
// words is the common case: two statements on every list a member opens.
// In a transaction, or on connections that are not pgx's, they run one
// after the other.
func PreparedTogether(ctx context.Context, db *bun.DB, queries ...Query) error {
	dests := make([]reflect.Value, len(queries))
	native := true
	for i, q := range queries {
		var ok bool
		if dests[i], ok = structSlice(q.Dest); !ok {
			native = false
		}
	}
	if _, inTx := TxFrom(ctx); native && !inTx {
		if ran, err := batchNative(ctx, DBOf(ctx, db), queries, dests); ran {
			return err
		}
	}
	for _, q := range queries {
		if err := Prepared(ctx, db, q.Dest, q.SQL, q.Args...); err != nil {
			return err
		}
	}
	return nil
}

// batchNative sends queries as one pgx batch on a connection of db's pool
// and scans each one's rows into its destination. ok is false when db's
// connections are not pgx's; nothing ran then.
func batchNative(ctx context.Context, db *bun.DB, queries []Query, dests []reflect.Value) (ok bool, err error) {
	return onPgxConn(ctx, db, func(pc *pgx.Conn) error {
		batch := &pgx.Batch{}
		for _, q := range queries {
			batch.Queue(Numbered(q.SQL), parameters(q.Args)...)
		}
		results := pc.SendBatch(ctx, batch)
		for _, dest := range dests {
			if err := scanBatchRows(results, dest); err != nil {
				results.Close()
				return err
			}
		}
		return results.Close()
	})
}

// scanBatchRows scans the batch's next result into dest.
func scanBatchRows(results pgx.BatchResults, dest reflect.Value) error {
	rows, err := results.Query()
	if err != nil {
		return err
	}
	defer rows.Close()
	return scanStructs(rows, dest)
}
