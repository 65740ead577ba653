package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// PostReader reads the post a thread belongs to.
type PostReader interface {
	// Post reads the post as viewer sees it (whether they follow its author).
	Post(ctx context.Context, id domain.PostID, viewer domain.UserID) (domain.Post, error)
}

// visiblePost is the post when viewer may read it; otherwise post_not_found,
// so that a friends_only post of another member looks like no post at all.
func visiblePost(ctx context.Context, posts PostReader, viewer domain.Viewer, id domain.PostID) (domain.Post, error) {
	p, err := posts.Post(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && !p.VisibleTo(viewer)) {
		return domain.Post{}, errs.NotFound(CodePostNotFound, MsgPostNotFound)
	}
	if err != nil {
		return domain.Post{}, fmt.Errorf("read post %s: %w", id, err)
	}
	return p, nil
}
