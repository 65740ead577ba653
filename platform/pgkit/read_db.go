package pgkit

import (
	"context"

	"github.com/uptrace/bun"
)

// ReadDB is the handle of the reads that tolerate a replica's lag: the
// feeds and the postgres search adapter. It is a second pool on
// database.read_url, or the primary's bun when that is empty, so a read
// path takes a ReadDB and never needs to know which. With a replica, each
// read goes to the replica unless the replica is away or has not yet
// replayed the reader's own last write (WithReadAfter): then to the
// primary.
type ReadDB struct{ *bun.DB }

// LSN is a position in the primary's write-ahead log (pg_lsn as a number).
type LSN uint64

type readAfterKey struct{}

// WithReadAfter says that the reads made with ctx must see the primary as
// of lsn: the reader wrote there and must see that write.
func WithReadAfter(ctx context.Context, lsn LSN) context.Context {
	return context.WithValue(ctx, readAfterKey{}, lsn)
}

// ReadAfter is the position the reads made with ctx must see (0: any).
func ReadAfter(ctx context.Context) LSN {
	lsn, _ := ctx.Value(readAfterKey{}).(LSN)
	return lsn
}
