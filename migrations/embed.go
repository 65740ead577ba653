// Package migrations holds core's SQL migrations; plugins carry their own.
package migrations

import "embed"

// Files are core's migrations, applied before River's and the plugins'.
//
//go:embed *.sql
var Files embed.FS
