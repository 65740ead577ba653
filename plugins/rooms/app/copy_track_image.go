package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// ImageCopier keeps the server's copy of an image at an outside address
// under base plus its extension and answers the key
// (media.CopyRemoteImage); errors wrapping ports.ErrRemoteImageRefused are
// final.
type ImageCopier interface {
	Handle(ctx context.Context, rawURL, base string) (string, error)
}

// TrackImageQueue enqueues the copy of a new room's picture in the
// transaction of ctx (job rooms.copy_track_image).
type TrackImageQueue interface {
	EnqueueTrackImage(ctx context.Context, room uuid.UUID) error
}

// CopyTrackImage copies a room's picture (the station's logo, or the
// host's track image) into media storage once, so that the room shows our
// copy and no member's browser asks the address the directory or the host
// chose. Running it again is harmless: a room that has its copy, or has no
// picture, is done.
type CopyTrackImage struct {
	Store  Store
	Images ImageCopier
	Log    *slog.Logger
}

// Handle copies the picture of room id. A picture refused for good leaves
// the room with its radio icon; other failures return to be retried.
func (uc *CopyTrackImage) Handle(ctx context.Context, id uuid.UUID) error {
	r, err := uc.Store.Room(ctx, id, false)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return errf("read room %s: %w", id, err)
	}
	if r.TrackImagePath != nil || r.TrackImageURL == nil {
		return nil
	}
	key, err := uc.Images.Handle(ctx, *r.TrackImageURL, fmt.Sprintf("rooms/%s/track", id))
	if errors.Is(err, ports.ErrRemoteImageRefused) {
		uc.Log.InfoContext(ctx, "rooms: room without its picture", "room", id.String(), "err", err)
		return nil
	}
	if err != nil {
		return errf("copy picture of room %s: %w", id, err)
	}
	return uc.Store.SetTrackImagePath(ctx, id, key)
}
