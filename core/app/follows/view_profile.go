package follows

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
)

// ProfileViewStore reads a profile by handle together with whether viewer
// follows it, in one query (viewer zero: nobody).
type ProfileViewStore interface {
	ViewByHandle(ctx context.Context, handle string, viewer domain.UserID) (domain.Profile, bool, error)
}

// ProfileView is a profile as one viewer sees it.
type ProfileView struct {
	domain.Profile
	IsFollowing bool // false for oneself and for nobody
}

// ViewProfile reads anyone's profile by handle for the viewer, the way
// GET /profiles/{handle} answers it.
type ViewProfile struct {
	Profiles ProfileViewStore
}

// Handle returns the profile of handle (any case, '@' optional) or a
// profile_not_found error.
func (uc *ViewProfile) Handle(ctx context.Context, viewer domain.Viewer, handle string) (ProfileView, error) {
	h, ok := domain.NormalHandle(handle)
	if !ok {
		return ProfileView{}, notFound()
	}
	p, following, err := uc.Profiles.ViewByHandle(ctx, h, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return ProfileView{}, notFound()
	}
	if err != nil {
		return ProfileView{}, fmt.Errorf("profile @%s: %w", h, err)
	}
	return ProfileView{Profile: p, IsFollowing: following && p.ID != viewer.UserID}, nil
}
