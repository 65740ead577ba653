package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
)

// CreateMediaPost publishes a community post with an image or a video
// through the core's media post (its rules, texts and storage).
type CreateMediaPost struct{ *Posts }

// Handle checks the membership, then hands the form to the core.
func (uc *CreateMediaPost) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, in posts.NewMediaPost) (domain.FeedItem, error) {
	if !viewer.SignedIn() {
		return domain.FeedItem{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserPost)
	}
	if err := uc.readable(ctx, viewer, id); err != nil {
		return domain.FeedItem{}, err
	}
	in.Audience = AudienceOf(id)
	out, err := uc.Posts.CreateMedia.Handle(ctx, viewer, in)
	if err != nil {
		return domain.FeedItem{}, err
	}
	return uc.created(ctx, viewer, id, out.Post)
}
