package pgstore

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	search "social/features/search/app"
	"social/platform/pgkit"
)

var _ search.AuthorPostsQueue = (*SearchQueue)(nil)

// EnqueueAuthorPosts queues the search document of every post of author
// that search could hold (public, with text), in one statement in the
// transaction of ctx.
func (q *SearchQueue) EnqueueAuthorPosts(ctx context.Context, author domain.UserID) error {
	posts := pgkit.IDB(ctx, q.db).NewSelect().TableExpr("posts").Column("id").
		Where("author_id = ? AND visibility = 'public' AND text_content IS NOT NULL", uuid.UUID(author)).OrderExpr("id")
	return q.EnqueueSelected(ctx, ports.SearchPost, posts)
}
