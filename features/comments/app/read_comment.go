package app

import (
	"context"

	"social/core/domain"
)

// CommentReader reads one comment as a viewer sees it. The comments module
// provides it, with PostReader, to the features that act on a comment or
// the post of a thread (reports).
type CommentReader interface {
	Comment(ctx context.Context, id domain.CommentID, viewer domain.UserID) (domain.CommentItem, error)
}
