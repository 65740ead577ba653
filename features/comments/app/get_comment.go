package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// VisibleCommentReader reads one comment as viewer sees it: not found when
// a block keeps viewer apart from the comment's author or its post's.
type VisibleCommentReader interface {
	VisibleComment(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error)
}

// GetComment reads one comment for whoever may read its post (the post's
// rules: followers-only, audiences) and is not kept apart from its author
// or the post's by a block; anyone else gets comment_not_found.
type GetComment struct {
	Comments VisibleCommentReader
}

// Handle returns the comment or comment_not_found.
func (uc *GetComment) Handle(ctx context.Context, viewer domain.Viewer, id domain.CommentID) (domain.CommentItem, error) {
	if !viewer.SignedIn() {
		return domain.CommentItem{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserRead)
	}
	c, err := uc.Comments.VisibleComment(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) || (err == nil && !c.VisibleTo(viewer)) {
		return domain.CommentItem{}, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return domain.CommentItem{}, fmt.Errorf("read comment %s: %w", id, err)
	}
	return c, nil
}
