package postgres

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"hash/maphash"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
)

// SQLDB is the pool seen as a database/sql handle, on which bun and the
// job inserts run. Close it before the pool: pgxpool.Pool.Close waits for
// the connections it keeps idle.
//
// bun writes every value into the statement's text, so most queries it
// sends carry an ID or a time the server has never seen in that place.
// pgx's default mode prepares each new text (a Parse and Describe round
// trip before the execution, and another later to deallocate it when it
// falls out of the connection's statement cache), and pushes the texts
// that do come back (a member's feed page, reloaded) out of that cache.
// So a query without arguments runs unprepared, in one round trip, the
// first time its text is seen; a text seen again recently is prepared and
// its plan kept. Queries with arguments (the job client's) always use the
// statement cache, where the same text does come back.
func SQLDB(pool *pgxpool.Pool) *sql.DB {
	db := sql.OpenDB(inlinedQueryConnector{
		Connector: stdlib.GetPoolConnector(pool),
		seen:      newRecentTexts(recentTextsPerGeneration),
	})
	// Handing a connection back to the pgx pool after every statement and
	// taking one again for the next (database/sql with no idle connection
	// of its own) cost 6 to 13 % of the server's CPU per request: the
	// pool's acquire and release, database/sql's wrapper and a timer for
	// each. database/sql keeps up to half the pool idle instead; the other
	// half stays with the pool for River and whoever else uses it
	// directly, and an idle connection goes back after a minute. Because
	// the pool counts these as in use, the handle must be closed before
	// the pool (provideBun's stop hook; closeDB for the read replica's).
	db.SetMaxIdleConns(max(1, int(pool.Config().MaxConns/2)))
	db.SetConnMaxIdleTime(time.Minute)
	return db
}

// recentTextsPerGeneration bounds the memory of texts seen: about 16 bytes
// each, two generations.
const recentTextsPerGeneration = 4096

// inlinedQueryConnector hands out connections that prepare an
// argument-less query only when its text comes back.
type inlinedQueryConnector struct {
	driver.Connector
	seen *recentTexts
}

func (c inlinedQueryConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	sc, ok := conn.(*stdlib.Conn)
	if !ok {
		return conn, nil
	}
	return inlinedQueryConn{Conn: sc, seen: c.seen}, nil
}

// inlinedQueryConn is pgx's database/sql connection with one change: the
// first time an argument-less query's text is seen it is executed without
// being prepared. pgx reads a leading QueryExecMode argument as an option,
// not as a value.
type inlinedQueryConn struct {
	*stdlib.Conn
	seen *recentTexts
}

// PgxConn is the pgx connection below, for the reads that scan their rows
// with pgx itself (pgkit.Prepared).
func (c inlinedQueryConn) PgxConn() *pgx.Conn { return c.Conn.Conn() }

func (c inlinedQueryConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if len(args) == 0 && !c.seen.again(query) {
		args = []driver.NamedValue{{Ordinal: 1, Value: pgx.QueryExecModeExec}}
	}
	return c.Conn.QueryContext(ctx, query, args)
}

// recentTexts remembers the hashes of recent query texts in two
// generations: when the current one is full it becomes the previous one,
// so a text in use keeps being found and an old one is forgotten.
type recentTexts struct {
	seed  maphash.Seed
	limit int

	mu       sync.Mutex
	current  map[uint64]struct{}
	previous map[uint64]struct{}
}

func newRecentTexts(limit int) *recentTexts {
	return &recentTexts{seed: maphash.MakeSeed(), limit: limit, current: make(map[uint64]struct{}, limit)}
}

// again records text and tells whether it had been seen recently.
func (r *recentTexts) again(text string) bool {
	h := maphash.String(r.seed, text)
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.current[h]; ok {
		return true
	}
	_, seen := r.previous[h]
	if len(r.current) >= r.limit {
		r.previous, r.current = r.current, make(map[uint64]struct{}, r.limit)
	}
	r.current[h] = struct{}{}
	return seen
}
