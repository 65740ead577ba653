package pgstore

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
	"social/platform/pgkit"
)

// FollowsFor reports whether viewer follows author, asked only when it
// decides something: a friends_only post of someone else. Reads that fetch
// many posts at once compute the same in their query instead (feedSelect).
func FollowsFor(ctx context.Context, db *bun.DB, viewer, author domain.UserID, v domain.Visibility) (bool, error) {
	if v != domain.VisibilityFriendsOnly || viewer.IsZero() || viewer == author {
		return false, nil
	}
	var ok bool
	err := pgkit.IDB(ctx, db).NewRaw(`SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND following_id = ?)`,
		uuid.UUID(viewer), uuid.UUID(author)).Scan(ctx, &ok)
	return ok, err
}

// InAudience reports whether viewer may read p's audience, asked only when
// it decides something: a members_only post of someone else. Without
// audiences (the feature keeping them is off) nobody is in any.
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

// OptionalAudiences is ports.Audiences when a feature keeps audiences (fx
// leaves it nil otherwise), for the stores that read posts for a viewer.
type OptionalAudiences struct {
	fx.In
	Audiences ports.Audiences `optional:"true"`
}

// NewPostsWithAudiences is the post store for fx.
func NewPostsWithAudiences(db *bun.DB, a OptionalAudiences) *Posts {
	return NewPostsFor(db, a.Audiences)
}
