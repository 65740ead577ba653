package postgres

import (
	"context"
	"crypto/sha256"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/platform/pgkit"
)

// ReadYourWrites keeps a member's own writes in view when reads go to a
// replica, whichever node serves them: after a request that may have
// written (any method but GET, HEAD, OPTIONS) answers below 400, it
// records in the primary where the WAL stood for the request's bearer
// token (read_your_writes, keyed by a hash of the token, never the token);
// a read with that token then carries the position (pgkit.WithReadAfter),
// and the read router sends it to the primary until the replica has
// replayed that far. It costs one primary lookup by key per signed-in
// read, and is off without database.read_url.
type ReadYourWrites struct {
	pool *pgxpool.Pool
	log  *slog.Logger
}

// Wrap is the middleware (the handler itself when there is no replica).
func (m *ReadYourWrites) Wrap(next http.Handler) http.Handler {
	if m == nil || m.pool == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || token == "" {
			next.ServeHTTP(w, r)
			return
		}
		key := sha256.Sum256([]byte(token))
		ctx := r.Context()
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			var text string
			err := m.pool.QueryRow(ctx, "SELECT lsn::text FROM read_your_writes WHERE token_hash = $1", key[:16]).Scan(&text)
			if err == nil {
				if lsn, err := ParseLSN(text); err == nil {
					r = r.WithContext(pgkit.WithReadAfter(ctx, lsn))
				}
			}
			next.ServeHTTP(w, r)
			return
		}
		rec := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.status >= 400 {
			return
		}
		store := context.WithoutCancel(ctx)
		if _, err := m.pool.Exec(store, `INSERT INTO read_your_writes (token_hash, lsn) VALUES ($1, pg_current_wal_lsn())
			ON CONFLICT (token_hash) DO UPDATE SET lsn = excluded.lsn, written_at = now()`, key[:16]); err != nil {
			m.log.Warn("record the write's position for read-your-writes", "err", err)
		}
		// Now and then, the rows of tokens long expired go.
		if rand.IntN(1000) == 0 {
			_, _ = m.pool.Exec(store, "DELETE FROM read_your_writes WHERE written_at < now() - interval '1 day'")
		}
	})
}

// statusWriter keeps the status an answer was given.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the writer below.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
