package httpkit

import (
	"errors"
	"io"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// CodeDatabaseDown is the stable code of a 503 answered while PostgreSQL is
// unreachable; clients retry after DatabaseRetryAfter.
const (
	CodeDatabaseDown   = "database_unavailable"
	DatabaseRetryAfter = 5 * time.Second
)

// databaseDown reports an error caused by PostgreSQL being unreachable or
// going away (stopped, restarting, the network cut), as opposed to a query
// that failed: such requests answer 503 at once instead of a 500.
func databaseDown(err error) bool {
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		// Class 08: connection exception; 57P01-57P03: shutdown, crash
		// recovery, cannot connect now.
		return strings.HasPrefix(pg.Code, "08") || strings.HasPrefix(pg.Code, "57P")
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}
