// Package postgres owns the connection to PostgreSQL: one pgx pool shared by
// bun (SQL stores) and River (jobs), the migration runner, and the fx module
// that boots a private cluster when no database URL is configured.
package postgres
