package app

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"social/core/ports"
	media "social/features/media/app"
)

// PictureStore points a community at its stored picture.
type PictureStore interface {
	// SetAvatarPath sets the community's avatar_path and answers the one
	// it replaces (nil when none); domain.ErrNotFound without the
	// community.
	SetAvatarPath(ctx context.Context, id uuid.UUID, key string) (*string, error)
}

// SetPicture stores a community's picture and points the community at it:
// the bytes are checked and stripped of metadata (JPEG, PNG or WebP) and
// kept under communities/<id>/avatar-<unix ms>.<ext> with their square
// copies beside them (media.StorePicture), the files the list and the
// header sign links to. The picture it replaces is deleted with its
// copies. The demo network's communities get their drawn pictures through
// it.
type SetPicture struct {
	Store  PictureStore
	Blobs  ports.BlobStore
	Images ports.ImageCleaner
	// Copies makes the square copies; nil stores the picture alone.
	Copies ports.ImageVariants
	Clock  ports.Clock
}

// Handle stores data as community id's picture.
func (uc *SetPicture) Handle(ctx context.Context, id uuid.UUID, data []byte) error {
	clean, err := uc.Images.Clean(ctx, data, ports.ImageJPEG, ports.ImagePNG, ports.ImageWebP)
	if err != nil {
		return fmt.Errorf("picture of community %s: %w", id, err)
	}
	base := fmt.Sprintf("communities/%s/avatar-%d", id, uc.Clock.Now().UnixMilli())
	key, err := media.StorePicture{Blobs: uc.Blobs, Copies: uc.Copies}.Handle(ctx, base, clean)
	if err != nil {
		return err
	}
	old, err := uc.Store.SetAvatarPath(ctx, id, key)
	if err != nil {
		media.DeletePicture(ctx, uc.Blobs, nil, key)
		return err
	}
	if old != nil && *old != key {
		media.DeletePicture(ctx, uc.Blobs, nil, *old)
	}
	return nil
}
