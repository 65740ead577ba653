package pgkit

import (
	"database/sql"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"

	"social/core/domain"
)

// ForeignKeyViolation reports a write that pointed at a row that is gone
// (deleted by a transaction that committed first).
func ForeignKeyViolation(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == "23503"
}

// UniqueViolation is the constraint (or unique index) a write broke, or "".
func UniqueViolation(err error) string {
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23505" {
		return pg.ConstraintName
	}
	return ""
}

// AffectedOne turns an update or delete that touched no row into
// domain.ErrNotFound.
func AffectedOne(res sql.Result) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return domain.ErrNotFound
	}
	return nil
}
