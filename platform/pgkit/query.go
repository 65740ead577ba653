package pgkit

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/uptrace/bun"

	"social/core/domain"
)

// NotFound turns "no rows" into domain.ErrNotFound; any other error passes.
// Core's stores and the plugins' use it alike.
func NotFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// ContainsPattern is a LIKE pattern matching any text that contains q
// literally (its %, _ and \ escaped). Folding case or accents is the
// caller's: apply the same function to the column and to the argument.
func ContainsPattern(q string) string { return "%" + likeEscaper.Replace(q) + "%" }

// Prepared runs a query of a hot path with its values as real parameters
// instead of written into its text, and scans the rows into dest as bun
// does (a slice of structs with bun tags, or of values). Each ? of q is a
// parameter, numbered in order ($1, $2 …), so q must hold no other ?
// (no jsonb ? operator, none in a literal), and args are plain values
// (IDs, times, numbers, text), not bun's In or Ident.
//
// The text is then the same on every call, so pgx prepares it once per
// connection and PostgreSQL plans it once: for the reads made on every
// request, parsing and planning cost more than the read itself. A value
// that changes the best plan (a LIMIT) belongs in the text: a plan made
// without knowing it may be a bad one.
//
// Outside a transaction, into a slice of structs, the rows are scanned by
// pgx itself (queryNative).
func Prepared(ctx context.Context, db *bun.DB, dest any, q string, args ...any) error {
	if _, inTx := TxFrom(ctx); !inTx {
		if slice, ok := structSlice(dest); ok {
			if ran, err := queryNative(ctx, DBOf(ctx, db), slice, Numbered(q), parameters(args)); ran {
				return err
			}
		}
	}
	rows, err := sqlOf(ctx, db).QueryContext(ctx, Numbered(q), parameters(args)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	return db.ScanRows(ctx, rows, dest)
}

// PreparedRow is Prepared for a query of one row, scanned by the caller.
func PreparedRow(ctx context.Context, db *bun.DB, q string, args ...any) *sql.Row {
	return sqlOf(ctx, db).QueryRowContext(ctx, Numbered(q), parameters(args)...)
}

// PreparedExec is Prepared for a statement whose rows are not read.
func PreparedExec(ctx context.Context, db *bun.DB, q string, args ...any) (sql.Result, error) {
	return sqlOf(ctx, db).ExecContext(ctx, Numbered(q), parameters(args)...)
}

// parameters is args as pgx encodes them fastest. A uuid.UUID reaches pgx
// as a driver.Valuer whose value is its 36-character text, which pgx then
// parses back, trying (and failing, with an error built each time) a
// binary plan first: 8 % of the server's CPU on the profile read. As a
// pgtype.UUID it is written as its 16 bytes. The caller's slice is left
// as it was.
func parameters(args []any) []any {
	copied := false
	for i, a := range args {
		id, ok := a.(uuid.UUID)
		if !ok {
			continue
		}
		if !copied {
			args, copied = append([]any(nil), args...), true
		}
		args[i] = pgtype.UUID{Bytes: id, Valid: true}
	}
	return args
}

// sqlRunner is what *sql.DB and *sql.Tx share: IDB below bun.
type sqlRunner interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
}

// sqlOf is the transaction ctx carries, or db, as database/sql sees them.
func sqlOf(ctx context.Context, db *bun.DB) sqlRunner {
	if tx, ok := TxFrom(ctx); ok {
		return tx.Tx
	}
	return DBOf(ctx, db).DB
}

// Numbered is q with each ? replaced by the next positional parameter.
func Numbered(q string) string {
	n := strings.Count(q, "?")
	if n == 0 {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 2*n)
	param := 0
	for {
		i := strings.IndexByte(q, '?')
		if i < 0 {
			b.WriteString(q)
			return b.String()
		}
		param++
		b.WriteString(q[:i])
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(param))
		q = q[i+1:]
	}
}
