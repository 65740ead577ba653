package postgres

import "social/kit/pgkit"

// NotFound turns "no rows" into domain.ErrNotFound (pgkit.NotFound).
func NotFound(err error) error { return pgkit.NotFound(err) }

// ContainsPattern is a LIKE pattern matching any text that contains q
// literally (pgkit.ContainsPattern).
func ContainsPattern(q string) string { return pgkit.ContainsPattern(q) }
