package app

import (
	"context"

	"social/core/domain"
)

// AuthorPostsQueue queues, in the transaction of ctx, the search document
// of every post of an author that search could hold (public, with text):
// the indexer then reads each again and keeps or drops it as the author's
// standing now says (suspended, restored, deleted).
type AuthorPostsQueue interface {
	EnqueueAuthorPosts(ctx context.Context, author domain.UserID) error
}
