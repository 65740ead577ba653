package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"social/core/ports"
)

// ErrNotPostMedia is a deletion asked for a key outside posts/: final,
// since no retry makes it one.
var ErrNotPostMedia = errors.New("not the key of a post's file")

// DeletePostMedia removes the stored file of a deleted post. Running it
// again is harmless: a file already gone is success.
type DeletePostMedia struct {
	Blobs ports.BlobStore
}

// Handle deletes the file at key.
func (uc *DeletePostMedia) Handle(ctx context.Context, key string) error {
	if !strings.HasPrefix(key, "posts/") {
		return fmt.Errorf("%w: %q", ErrNotPostMedia, key)
	}
	if err := uc.Blobs.Delete(ctx, key); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
		return fmt.Errorf("delete %s: %w", key, err)
	}
	return nil
}
