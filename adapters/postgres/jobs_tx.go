package postgres

import (
	"log/slog"

	"github.com/uptrace/bun"

	"social/kit/pgkit"
)

// JobInserter enqueues River jobs in the transaction of the context
// (pgkit.JobInserter).
type JobInserter = pgkit.JobInserter

// NewJobInserter makes the insert-only client.
func NewJobInserter(db *bun.DB, logger *slog.Logger) (*JobInserter, error) {
	return pgkit.NewJobInserter(db, logger)
}
