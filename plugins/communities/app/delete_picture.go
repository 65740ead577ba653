package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/ports"
)

// PictureQueue enqueues the deletion of a deleted community's stored
// picture in the transaction of ctx, so that the file goes only once the
// row is gone for good.
type PictureQueue interface {
	EnqueuePictureDeletion(ctx context.Context, key string) error
}

// ErrNotPicture is a deletion asked for a key outside communities/: final,
// since no retry makes it one.
var ErrNotPicture = errors.New("not the key of a community's picture")

// DeletePicture removes the stored picture of a deleted community, whoever
// deleted it (its owner, or the clearing of demo data). Running it again is
// harmless: a file already gone is success.
type DeletePicture struct {
	Blobs ports.BlobStore // nil when no media storage is configured
}

// Handle deletes the file at key and the square copies its key names: the
// copies first, so that a failure leaves the original, whose key a retry
// needs.
func (uc *DeletePicture) Handle(ctx context.Context, key string) error {
	if !strings.HasPrefix(key, "communities/") {
		return fmt.Errorf("%w: %q", ErrNotPicture, key)
	}
	if uc.Blobs == nil {
		return nil
	}
	for _, k := range append(domain.ImageVariantKeys(key), key) {
		if err := uc.Blobs.Delete(ctx, k); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
			return fmt.Errorf("delete %s: %w", k, err)
		}
	}
	return nil
}

// forgetPicture enqueues the deletion of c's picture, when it has one.
func forgetPicture(ctx context.Context, q PictureQueue, c Community) error {
	if c.AvatarPath == nil || *c.AvatarPath == "" {
		return nil
	}
	return q.EnqueuePictureDeletion(ctx, *c.AvatarPath)
}
