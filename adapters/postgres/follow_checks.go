package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
)

// followsFor reports whether viewer follows author, asked only when it
// decides something: a friends_only post of someone else. Reads that fetch
// many posts at once compute the same in their query instead (feedSelect).
func followsFor(ctx context.Context, db *bun.DB, viewer, author domain.UserID, v domain.Visibility) (bool, error) {
	if v != domain.VisibilityFriendsOnly || viewer.IsZero() || viewer == author {
		return false, nil
	}
	var ok bool
	err := IDB(ctx, db).NewRaw(`SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = ? AND following_id = ?)`,
		uuid.UUID(viewer), uuid.UUID(author)).Scan(ctx, &ok)
	return ok, err
}
