package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// AuthorRemover deletes author's posts from member's timeline unless
// member follows author again.
type AuthorRemover interface {
	RemoveAuthor(ctx context.Context, member, author domain.UserID) error
}

// RemoveAuthor runs after an unfollow. Reads also check the follow, so the
// posts vanish from the feed at once; this job reclaims the rows.
type RemoveAuthor struct{ Store AuthorRemover }

// Handle is idempotent; a member who followed again keeps the rows.
func (uc *RemoveAuthor) Handle(ctx context.Context, member, author domain.UserID) error {
	if member == author {
		return nil
	}
	if err := uc.Store.RemoveAuthor(ctx, member, author); err != nil {
		return fmt.Errorf("remove %s from %s's timeline: %w", author, member, err)
	}
	return nil
}
