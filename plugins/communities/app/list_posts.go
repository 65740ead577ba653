package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
)

// ListPosts reads a community's posts, newest first, a core page at a time.
type ListPosts struct{ *Posts }

// Handle reads the page after cursor ("" for the first).
func (uc *ListPosts) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, cursor string) (posts.FeedPage, error) {
	if !viewer.SignedIn() {
		return posts.FeedPage{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if err := uc.readable(ctx, viewer, id); err != nil {
		return posts.FeedPage{}, err
	}
	return uc.List.Handle(ctx, viewer, AudienceOf(id), cursor)
}
