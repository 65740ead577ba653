package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/ports"
)

// ErrNotPostMedia is a deletion asked for a key outside posts/: final,
// since no retry makes it one.
var ErrNotPostMedia = errors.New("not the key of a post's file")

// DeletePostMedia removes the stored file of a deleted post and the
// smaller copies of an image. Running it again is harmless: a file already
// gone is success.
type DeletePostMedia struct {
	Blobs ports.BlobStore
}

// Handle deletes the file at key and every copy it may have: the copies
// first, so that a failure leaves the original, whose key a retry needs.
func (uc *DeletePostMedia) Handle(ctx context.Context, key string) error {
	if !strings.HasPrefix(key, "posts/") {
		return fmt.Errorf("%w: %q", ErrNotPostMedia, key)
	}
	for _, k := range append(domain.ImageVariantKeys(key), key) {
		if err := uc.Blobs.Delete(ctx, k); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
			return fmt.Errorf("delete %s: %w", k, err)
		}
	}
	return nil
}
