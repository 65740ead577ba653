package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// Backfiller copies followee's newest posts into follower's timeline, only
// while follower still follows followee.
type Backfiller interface {
	Backfill(ctx context.Context, follower, followee domain.UserID, limit int) error
}

// Backfill runs after a follow, so the 'Seguindo' feed shows the new
// followee's recent posts at once rather than only future ones.
type Backfill struct{ Store Backfiller }

// Handle is idempotent; after an unfollow it writes nothing.
func (uc *Backfill) Handle(ctx context.Context, follower, followee domain.UserID) error {
	if err := uc.Store.Backfill(ctx, follower, followee, BackfillPosts); err != nil {
		return fmt.Errorf("backfill %s with %s: %w", follower, followee, err)
	}
	return nil
}
