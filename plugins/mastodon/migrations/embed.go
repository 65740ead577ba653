// Package migrations holds the Mastodon client API's SQL migrations,
// versioned in their own table and applied after core's.
package migrations

import "embed"

// Files are the plugin's migrations.
//
//go:embed *.sql
var Files embed.FS
