package postgres

import (
	"context"

	"github.com/uptrace/bun"

	"social/kit/pgkit"
)

// Transactions travel in the context through pgkit, which plugins' stores
// use too; these names keep the adapter's callers short.

// Transactor runs units of work in one transaction (pgkit.Transactor).
type Transactor = pgkit.Transactor

// NewTransactor makes a Transactor on db.
func NewTransactor(db *bun.DB) *Transactor { return pgkit.NewTransactor(db) }

// TxFrom is the transaction ctx carries, if any.
func TxFrom(ctx context.Context) (bun.Tx, bool) { return pgkit.TxFrom(ctx) }

// IDB is where a store's query runs: the transaction of ctx, or db.
func IDB(ctx context.Context, db *bun.DB) bun.IDB { return pgkit.IDB(ctx, db) }
