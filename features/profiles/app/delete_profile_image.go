package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	media "social/features/media/app"
)

// DeleteProfileImage removes the viewer's avatar or banner, its file and
// the file's copies.
type DeleteProfileImage struct {
	Profiles ProfileUpdater
	Indexer  Indexer
	Blobs    ports.BlobStore // nil when no media storage is configured
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Limits   Limits
}

// Handle clears the picture and returns the updated profile.
func (uc *DeleteProfileImage) Handle(ctx context.Context, viewer domain.Viewer, img domain.ProfileImage, clientIP string) (domain.Profile, error) {
	if err := (writeGuard{Limiter: uc.Limiter, Limits: uc.Limits}).check(ctx, viewer, clientIP); err != nil {
		return domain.Profile{}, err
	}
	var old *string
	p, err := uc.Indexer.update(ctx, uc.Profiles, viewer.UserID, func(p *domain.Profile) error {
		old = p.Path(img)
		p.SetPath(img, nil)
		p.UpdatedAt = uc.Clock.Now()
		return nil
	})
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Profile{}, errs.NotFound(CodeNotFound, domain.MsgProfileNotFound)
	}
	if err != nil {
		return domain.Profile{}, fmt.Errorf("remove %s of %s: %w", img, viewer.UserID, err)
	}
	if old != nil && uc.Blobs != nil {
		media.DeletePicture(ctx, uc.Blobs, nil, *old)
	}
	return p, nil
}
