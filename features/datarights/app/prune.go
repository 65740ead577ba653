package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"social/core/ports"
)

// HandleHolds keeps the handles of deleted accounts.
type HandleHolds interface {
	// ReleaseHandles forgets the holds that ended by now.
	ReleaseHandles(ctx context.Context, now time.Time) (int, error)
}

// Prune removes the archives whose time is up (their exports then read
// as expired) and the handle holds that ended, in the periodic job
// datarights.prune. Running it twice is harmless.
type Prune struct {
	Exports ExportStore
	Holds   HandleHolds
	Blobs   ports.BlobStore
	Clock   ports.Clock
}

// Pruned says what a run removed.
type Pruned struct {
	Archives int
	Handles  int
}

// Handle prunes.
func (uc *Prune) Handle(ctx context.Context) (Pruned, error) {
	var out Pruned
	now := uc.Clock.Now()
	for {
		list, err := uc.Exports.Expired(ctx, now, 100)
		if err != nil {
			return out, fmt.Errorf("expired exports: %w", err)
		}
		for _, e := range list {
			// The file goes first: an export marked expired whose file
			// stayed would never be looked at again.
			if e.ArchiveKey != nil {
				if err := uc.Blobs.Delete(ctx, *e.ArchiveKey); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
					return out, fmt.Errorf("delete archive %s: %w", *e.ArchiveKey, err)
				}
			}
			if err := uc.Exports.MarkExpired(ctx, e.ID); err != nil {
				return out, fmt.Errorf("expire export %s: %w", e.ID, err)
			}
			out.Archives++
		}
		if len(list) < 100 {
			break
		}
	}
	n, err := uc.Holds.ReleaseHandles(ctx, now)
	if err != nil {
		return out, fmt.Errorf("release handles: %w", err)
	}
	out.Handles = n
	return out, nil
}
