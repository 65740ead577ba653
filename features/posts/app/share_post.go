package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// Sharer adds one to share_count atomically, recording that member
// shared, and answers the new count.
type Sharer interface {
	Share(ctx context.Context, id domain.PostID, member domain.UserID) (int, error)
}

// SharePost counts a share of a post the viewer may see.
type SharePost struct {
	Items  ItemReader
	Shares Sharer
}

// Handle returns the new share_count.
func (uc *SharePost) Handle(ctx context.Context, viewer domain.Viewer, id domain.PostID) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, domain.MsgProfileNoUser)
	}
	if _, err := visibleItem(ctx, uc.Items, viewer, id); err != nil {
		return 0, err
	}
	n, err := uc.Shares.Share(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return 0, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("share post %s: %w", id, err)
	}
	return n, nil
}
