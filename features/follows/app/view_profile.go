package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
)

// Relation is what ties a viewer to a profile.
type Relation struct {
	Following  bool // the viewer follows the profile
	FollowedBy bool // the profile's member follows the viewer
	Blocking   bool // the viewer blocks the profile's member
	BlockedBy  bool // the profile's member blocks the viewer
	Muting     bool // the viewer mutes the profile's member
}

// ProfileViewStore reads a profile by handle together with the viewer's
// relation to it, in one query (viewer zero: nobody).
type ProfileViewStore interface {
	ViewByHandle(ctx context.Context, handle string, viewer domain.UserID) (domain.Profile, Relation, error)
}

// ProfileView is a profile as one viewer sees it.
type ProfileView struct {
	domain.Profile
	IsFollowing bool // false for oneself and for nobody
	IsBlocking  bool // the viewer blocks this member
	IsMuting    bool // the viewer mutes this member
}

// ViewProfile reads anyone's profile by handle for the viewer, the way
// GET /profiles/{handle} answers it.
type ViewProfile struct {
	Profiles ProfileViewStore
}

// Handle returns the profile of handle (any case, '@' optional) or a
// profile_not_found error. A member who blocks the viewer is not found; a
// member the viewer blocks shows only who they are (name, handle,
// avatar), so the viewer can undo the block, and no details.
func (uc *ViewProfile) Handle(ctx context.Context, viewer domain.Viewer, handle string) (ProfileView, error) {
	h, ok := domain.NormalHandle(handle)
	if !ok {
		return ProfileView{}, notFound()
	}
	p, rel, err := uc.Profiles.ViewByHandle(ctx, h, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && rel.BlockedBy) {
		return ProfileView{}, notFound()
	}
	if err != nil {
		return ProfileView{}, fmt.Errorf("profile @%s: %w", h, err)
	}
	if rel.Blocking {
		p.Bio, p.Location, p.WebsiteURL, p.BannerPath = nil, nil, nil, nil
	}
	self := p.ID == viewer.UserID
	return ProfileView{Profile: p, IsFollowing: rel.Following && !self, IsBlocking: rel.Blocking && !self,
		IsMuting: rel.Muting && !self}, nil
}
