package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/ports"
)

// ClearDemo deletes the demo communities SeedDemo created for a member
// that are still there, with their members, posts and picture, as the
// owner's deletion does; communities the member created themselves stay.
// It joins the transaction of ctx (the core's demo clearing).
type ClearDemo struct {
	Store    CommunityStore
	Media    MediaQueue
	Pictures PictureQueue
	Search   ports.SearchIndexQueue
	Rows     DemoRows
	// Access, when set, ends the communities' live subscriptions.
	Access ports.AccessChanges
}

// Handle deletes them and answers a one-line summary.
func (uc *ClearDemo) Handle(ctx context.Context, member domain.UserID) (string, error) {
	ids, err := uc.Rows.Take(ctx, member, DemoKind)
	if err != nil {
		return "", err
	}
	deleted := 0
	for _, id := range ids {
		c, err := uc.Store.Lock(ctx, id, Update)
		if errors.Is(err, domain.ErrNotFound) {
			continue // deleted by its owner meanwhile
		}
		if err != nil {
			return "", err
		}
		keys, err := uc.Store.Delete(ctx, id)
		if err != nil {
			return "", fmt.Errorf("delete demo community %s: %w", id, err)
		}
		for _, k := range keys {
			if err := uc.Media.EnqueueMediaDeletion(ctx, k); err != nil {
				return "", err
			}
		}
		if err := forgetPicture(ctx, uc.Pictures, c); err != nil {
			return "", err
		}
		if uc.Access != nil {
			uc.Access.TopicAccessChanged(ctx, Topic(id))
		}
		if err := indexCommunity(ctx, uc.Search, id); err != nil {
			return "", err
		}
		deleted++
	}
	return fmt.Sprintf("communities: %d demo communities deleted", deleted), nil
}
