package pgkit

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
)

// BackgroundDB is the handle of the work that makes writes visible after
// their requests end: the jobs and the search indexer. It is a pool of its
// own on the primary, sized for that work, so that a burst of requests
// holding every connection of the serving pool does not hold up a new
// post's way into timelines and search. Work runs on it through OnDB.
type BackgroundDB struct {
	*bun.DB
	// Pool is the pool under DB, for the job queue's own statements.
	Pool *pgxpool.Pool
}
