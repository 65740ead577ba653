// Package migrations holds the federation plugin's SQL migrations, run
// after the core's with their own table (bun_migrations_federation).
package migrations

import "embed"

// Files are the migrations.
//
//go:embed *.sql
var Files embed.FS
