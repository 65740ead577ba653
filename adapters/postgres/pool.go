package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
)

// SessionSettings are set on every connection the application opens.
// Parallel plans make feed queries many times slower on small machines
// (see PERF.md), so they are off for the application's sessions.
//
// bun writes every value into the statement's text as a quoted literal,
// escaping only by doubling quotes. That literal is exact only while
// standard_conforming_strings is on (a backslash is then an ordinary
// character), so it is pinned here rather than left to the server's
// configuration; text PostgreSQL cannot store (NUL) is refused at the
// HTTP edge before any query is built.
var SessionSettings = map[string]string{
	"standard_conforming_strings":     "on",
	"max_parallel_workers_per_gather": "0",
	"application_name":                "social",
	"timezone":                        "UTC",
}

// NewPool opens the pool shared by bun and River. It connects lazily.
func NewPool(ctx context.Context, url string, maxConns int32) (*pgxpool.Pool, error) {
	return newPool(ctx, url, maxConns, nil)
}

// newPool is NewPool with a hook run before each connection is opened (the
// private cluster's password is set there).
func newPool(ctx context.Context, url string, maxConns int32, beforeConnect func(context.Context, *pgx.ConnConfig) error) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("database.url: %w", err)
	}
	if maxConns > 0 {
		cfg.MaxConns = maxConns
	}
	cfg.BeforeConnect = beforeConnect
	for k, v := range SessionSettings {
		cfg.ConnConfig.RuntimeParams[k] = v
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open database pool: %w", err)
	}
	return pool, nil
}

// NewBun puts bun on top of the pool through pgx's database/sql adapter.
// Close it before the pool (see SQLDB).
func NewBun(pool *pgxpool.Pool) *bun.DB {
	return bun.NewDB(SQLDB(pool), pgdialect.New())
}
