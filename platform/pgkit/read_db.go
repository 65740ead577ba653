package pgkit

import "github.com/uptrace/bun"

// ReadDB is the handle of the reads that tolerate a replica's lag: the
// feeds and the postgres search adapter. It is a second pool on
// database.read_url, or the primary's bun when that is empty, so a read
// path takes a ReadDB and never needs to know which.
type ReadDB struct{ *bun.DB }
