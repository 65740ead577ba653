package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// ItemReader reads one post as a feed item for viewer.
type ItemReader interface {
	Item(ctx context.Context, id domain.PostID, viewer domain.UserID) (domain.FeedItem, error)
}

// GetPost reads one post: a public one for any member, a friends_only one
// for its author and their followers; anything else is not found.
type GetPost struct {
	Posts ItemReader
}

// Handle returns the post or post_not_found.
func (uc *GetPost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) (domain.FeedItem, error) {
	if !viewer.SignedIn() {
		return domain.FeedItem{}, errs.Unauthenticated(CodeUnauthenticated, domain.MsgProfileNoUser)
	}
	return visibleItem(ctx, uc.Posts, viewer, id)
}

func visibleItem(ctx context.Context, posts ItemReader, viewer domain.Viewer, id domain.PostID) (domain.FeedItem, error) {
	it, err := posts.Item(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && !it.VisibleTo(viewer)) {
		return domain.FeedItem{}, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return domain.FeedItem{}, fmt.Errorf("read post %s: %w", id, err)
	}
	return it, nil
}
