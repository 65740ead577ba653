package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"

	"social/core/domain"
	"social/core/ports"
)

// StorePicture stores a profile's avatar or a community's picture, already
// checked by ports.ImageCleaner, with the square WebP copies of
// domain.PictureSides beside it, so that a phone showing the picture in a
// 40-pixel circle downloads a few kilobytes rather than the original.
type StorePicture struct {
	Blobs ports.BlobStore
	// Copies makes the square copies; nil stores the original alone.
	Copies ports.ImageVariants
	Log    *slog.Logger // nil: the default logger
}

// Handle stores img under base (folder and name, without extension) and
// answers its key, which names the copies stored (domain.PictureKey). The
// copies only save bytes: when they cannot be made or stored the picture
// is kept alone, under a key that names none.
func (s StorePicture) Handle(ctx context.Context, base string, img ports.CleanImage) (string, error) {
	ext := extensions[img.Format]
	if ext == "" {
		return "", fmt.Errorf("store picture %s: not a known format %q", base, img.Format)
	}
	key := domain.PictureKey(base, s.storeCopies(ctx, base, ext, img), ext)
	if err := s.Blobs.Put(ctx, key, bytes.NewReader(img.Data), int64(len(img.Data)), string(img.Format)); err != nil {
		s.discardCopies(ctx, key)
		return "", fmt.Errorf("store %s: %w", key, err)
	}
	return key, nil
}

// storeCopies stores the square copies of img and answers their sides,
// none when they could not all be stored.
func (s StorePicture) storeCopies(ctx context.Context, base, ext string, img ports.CleanImage) []int {
	if s.Copies == nil {
		return nil
	}
	set, err := s.Copies.Squares(ctx, img, domain.PictureSides)
	if err != nil {
		s.log().WarnContext(ctx, "make the square copies of a picture", "base", base, "err", err)
		return nil
	}
	sides := make([]int, 0, len(set.Variants))
	for _, v := range set.Variants {
		sides = append(sides, v.Width)
	}
	key := domain.PictureKey(base, sides, ext)
	for _, v := range set.Variants {
		vkey := domain.ImageVariantKey(key, v.Width)
		if err := s.Blobs.Put(ctx, vkey, bytes.NewReader(v.Data), int64(len(v.Data)), string(v.Format)); err != nil {
			s.log().WarnContext(ctx, "store a square copy of a picture", "key", vkey, "err", err)
			s.discardCopies(ctx, key)
			return nil
		}
	}
	return sides
}

func (s StorePicture) discardCopies(ctx context.Context, key string) {
	for _, vkey := range domain.ImageVariantKeys(key) {
		deleteQuietly(ctx, s.Blobs, s.log(), vkey)
	}
}

func (s StorePicture) log() *slog.Logger {
	if s.Log != nil {
		return s.Log
	}
	return slog.Default()
}

// DeletePicture deletes the picture at key, which nothing points at any
// more, with the copies its key names. Failing leaves orphans, which are
// only wasted space: it is logged, not answered.
func DeletePicture(ctx context.Context, blobs ports.BlobStore, log *slog.Logger, key string) {
	if log == nil {
		log = slog.Default()
	}
	for _, k := range append(domain.ImageVariantKeys(key), key) {
		deleteQuietly(ctx, blobs, log, k)
	}
}

func deleteQuietly(ctx context.Context, blobs ports.BlobStore, log *slog.Logger, key string) {
	if err := blobs.Delete(context.WithoutCancel(ctx), key); err != nil && !errors.Is(err, ports.ErrBlobNotFound) {
		log.WarnContext(ctx, "delete a picture no one points at", "key", key, "err", err)
	}
}
