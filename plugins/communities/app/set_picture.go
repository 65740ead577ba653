package app

import (
	"bytes"
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/ports"
)

// PictureStore points a community at its stored picture.
type PictureStore interface {
	// SetAvatarPath sets the community's avatar_path; domain.ErrNotFound
	// without the community.
	SetAvatarPath(ctx context.Context, id uuid.UUID, key string) error
}

// SetPicture stores a community's picture and points the community at it:
// the bytes are checked and stripped of metadata (JPEG, PNG or WebP) and
// kept under communities/<id>/avatar-<unix ms>.<ext>, the file the list and
// the header sign a link to. The demo network's communities get their
// drawn pictures through it.
type SetPicture struct {
	Store  PictureStore
	Blobs  ports.BlobStore
	Images ports.ImageCleaner
	Clock  ports.Clock
}

// Handle stores data as community id's picture.
func (uc *SetPicture) Handle(ctx context.Context, id uuid.UUID, data []byte) error {
	clean, err := uc.Images.Clean(ctx, data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
	if err != nil {
		return fmt.Errorf("picture of community %s: %w", id, err)
	}
	ext := map[ports.ImageFormat]string{ports.ImagePNG: "png", ports.ImageWebP: "webp"}[clean.Format]
	if ext == "" {
		ext = "jpg"
	}
	key := fmt.Sprintf("communities/%s/avatar-%d.%s", id, uc.Clock.Now().UnixMilli(), ext)
	if err := uc.Blobs.Put(ctx, key, bytes.NewReader(clean.Data), int64(len(clean.Data)), string(clean.Format)); err != nil {
		return fmt.Errorf("store %s: %w", key, err)
	}
	return uc.Store.SetAvatarPath(ctx, id, key)
}
