package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// GetMyProfile reads the viewer's own profile.
type GetMyProfile struct {
	Profiles ProfileReader
}

// Handle needs a signed-in viewer.
func (uc *GetMyProfile) Handle(ctx context.Context, viewer domain.Viewer) (domain.Profile, error) {
	if !viewer.SignedIn() {
		return domain.Profile{}, errs.Unauthenticated(CodeNoUser, errs.MsgUnauthenticated)
	}
	p, err := uc.Profiles.ByID(ctx, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.Profile{}, errs.NotFound(CodeNotFound, domain.MsgProfileNotFound)
	}
	if err != nil {
		return domain.Profile{}, fmt.Errorf("profile of %s: %w", viewer.UserID, err)
	}
	return p, nil
}
