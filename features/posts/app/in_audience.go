package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/ports"
)

// InAudience reports whether viewer may read p's audience, asked only when
// it decides something: a members_only post of someone else. Without
// audiences (the feature keeping them is off) nobody is in any. The stores
// that read posts for a viewer (posts', comments') fill
// domain.Post.ViewerInAudience with it.
func InAudience(ctx context.Context, audiences ports.Audiences, viewer domain.UserID, p domain.Post) (bool, error) {
	if p.Visibility != domain.VisibilityMembersOnly || audiences == nil || viewer.IsZero() || viewer == p.AuthorID {
		return false, nil
	}
	ok, err := audiences.Reads(ctx, p.Audience, viewer)
	if err != nil {
		return false, fmt.Errorf("audience %s of post %s: %w", p.Audience, p.ID, err)
	}
	return ok, nil
}
