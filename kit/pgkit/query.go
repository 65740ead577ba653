package pgkit

import (
	"database/sql"
	"errors"
	"strings"

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
