package postgres

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"social/platform/pgkit"
)

// replicaPause is how long reads skip a replica that failed before trying
// it again.
const replicaPause = 2 * time.Second

// readRouter is the database/sql connector behind pgkit.ReadDB when
// database.read_url is set. Each read takes a connection of its own from
// it (the handle keeps none idle), and the router decides there: the
// replica, unless it failed within replicaPause or has not yet replayed
// the reader's last write (pgkit.ReadAfter); then the primary. A read the
// replica drops (it stopped, it crashed) is retried by database/sql on
// the primary: a replica going away costs no read.
type readRouter struct {
	replica, primary driver.Connector
	log              *slog.Logger
	// downUntil is when the replica may be tried again (Unix nanoseconds).
	downUntil atomic.Int64
	// replayed is the furthest the replica was seen to have replayed.
	replayed atomic.Uint64
}

// newReadSQLDB is the read handle over the replica's pool, falling back to
// the primary's.
func newReadSQLDB(replica, primary *pgxpool.Pool, log *slog.Logger) (*sql.DB, *readRouter) {
	seen := newRecentTexts(recentTextsPerGeneration)
	r := &readRouter{
		replica: inlinedQueryConnector{Connector: stdlib.GetPoolConnector(replica), seen: seen},
		primary: inlinedQueryConnector{Connector: stdlib.GetPoolConnector(primary), seen: seen},
		log:     log,
	}
	db := sql.OpenDB(r)
	// No connection kept idle by database/sql: an idle one would be reused
	// without asking the router, by a reader the replica has not caught
	// up with. The pools below keep theirs.
	db.SetMaxIdleConns(0)
	return db, r
}

func (r *readRouter) Driver() driver.Driver { return r.primary.Driver() }

func (r *readRouter) Connect(ctx context.Context) (driver.Conn, error) {
	if time.Now().UnixNano() < r.downUntil.Load() {
		return r.primary.Connect(ctx)
	}
	conn, err := r.replica.Connect(ctx)
	if err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		r.markDown(err)
		return r.primary.Connect(ctx)
	}
	if after := pgkit.ReadAfter(ctx); after != 0 && pgkit.LSN(r.replayed.Load()) < after {
		caughtUp, err := r.caughtUp(ctx, conn, after)
		if !caughtUp {
			_ = conn.Close()
			if err != nil && ctx.Err() == nil {
				r.markDown(err)
			}
			return r.primary.Connect(ctx)
		}
	}
	return replicaConn{conn: conn, router: r}, nil
}

// caughtUp asks the replica how far it has replayed.
func (r *readRouter) caughtUp(ctx context.Context, conn driver.Conn, after pgkit.LSN) (bool, error) {
	pc, ok := conn.(interface{ PgxConn() *pgx.Conn })
	if !ok {
		return false, nil
	}
	var text string
	if err := pc.PgxConn().QueryRow(ctx, "SELECT coalesce(pg_last_wal_replay_lsn()::text, '0/0')").Scan(&text); err != nil {
		return false, err
	}
	lsn, err := ParseLSN(text)
	if err != nil {
		return false, err
	}
	for {
		old := r.replayed.Load()
		if uint64(lsn) <= old || r.replayed.CompareAndSwap(old, uint64(lsn)) {
			break
		}
	}
	return lsn >= after, nil
}

func (r *readRouter) markDown(err error) {
	if time.Now().UnixNano() >= r.downUntil.Load() {
		r.log.Warn("read replica unavailable: reads go to the primary", "retry_in", replicaPause, "err", err)
	}
	r.downUntil.Store(time.Now().Add(replicaPause).UnixNano())
}

// replicaConn is a replica's connection: a statement that fails because
// the connection was lost marks the replica down and answers
// driver.ErrBadConn, which makes database/sql run it again on a new
// connection (the primary's). Reads only: running one twice is harmless.
type replicaConn struct {
	conn   driver.Conn
	router *readRouter
}

func (c replicaConn) lost(err error) error {
	if err == nil {
		return nil
	}
	var pgErr *pgconn.PgError
	closed := false
	if pc, ok := c.conn.(interface{ PgxConn() *pgx.Conn }); ok {
		closed = pc.PgxConn().IsClosed()
	}
	// Class 57: the server is shutting down or starting; 08: the
	// connection failed.
	if closed || (errors.As(err, &pgErr) && (strings.HasPrefix(pgErr.Code, "57") || strings.HasPrefix(pgErr.Code, "08"))) {
		c.router.markDown(err)
		return driver.ErrBadConn
	}
	return err
}

func (c replicaConn) Prepare(query string) (driver.Stmt, error) {
	s, err := c.conn.Prepare(query)
	return s, c.lost(err)
}
func (c replicaConn) Close() error              { return c.conn.Close() }
func (c replicaConn) Begin() (driver.Tx, error) { return nil, errors.New("replicaConn: use BeginTx") }

func (c replicaConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.conn.(driver.ConnBeginTx).BeginTx(ctx, opts)
	return tx, c.lost(err)
}

func (c replicaConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	rows, err := c.conn.(driver.QueryerContext).QueryContext(ctx, query, args)
	return rows, c.lost(err)
}

func (c replicaConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	res, err := c.conn.(driver.ExecerContext).ExecContext(ctx, query, args)
	return res, c.lost(err)
}

func (c replicaConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	s, err := c.conn.(driver.ConnPrepareContext).PrepareContext(ctx, query)
	return s, c.lost(err)
}

func (c replicaConn) CheckNamedValue(v *driver.NamedValue) error {
	if nc, ok := c.conn.(driver.NamedValueChecker); ok {
		return nc.CheckNamedValue(v)
	}
	return driver.ErrSkip
}

func (c replicaConn) Ping(ctx context.Context) error {
	if p, ok := c.conn.(driver.Pinger); ok {
		return c.lost(p.Ping(ctx))
	}
	return nil
}

func (c replicaConn) ResetSession(ctx context.Context) error {
	if r, ok := c.conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

// IsValid is false once the connection was lost, so database/sql does not
// keep it.
func (c replicaConn) IsValid() bool {
	if v, ok := c.conn.(driver.Validator); ok {
		return v.IsValid()
	}
	if pc, ok := c.conn.(interface{ PgxConn() *pgx.Conn }); ok {
		return !pc.PgxConn().IsClosed()
	}
	return true
}

// PgxConn is the pgx connection below, for the reads that scan their rows
// with pgx itself (pgkit.Prepared).
func (c replicaConn) PgxConn() *pgx.Conn { return c.conn.(interface{ PgxConn() *pgx.Conn }).PgxConn() }

// ParseLSN reads a pg_lsn's text ("16/B374D848").
func ParseLSN(s string) (pgkit.LSN, error) {
	hi, lo, ok := strings.Cut(s, "/")
	if !ok {
		return 0, fmt.Errorf("not an LSN: %q", s)
	}
	h, err := strconv.ParseUint(hi, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("not an LSN: %q", s)
	}
	l, err := strconv.ParseUint(lo, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("not an LSN: %q", s)
	}
	return pgkit.LSN(h<<32 | l), nil
}
