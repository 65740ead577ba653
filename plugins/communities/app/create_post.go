package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
)

// CreatePost publishes a text post in a community: a core post for the
// community's members (hashtags, link preview and all).
type CreatePost struct{ *Posts }

// Handle checks the membership, then hands the post to the core, which
// checks the text and the membership again inside its transaction.
func (uc *CreatePost) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, text string) (domain.FeedItem, error) {
	if !viewer.SignedIn() {
		return domain.FeedItem{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserPost)
	}
	if err := uc.readable(ctx, viewer, id); err != nil {
		return domain.FeedItem{}, err
	}
	out, err := uc.Create.Handle(ctx, viewer, posts.NewPost{Text: text, Audience: AudienceOf(id)})
	if err != nil {
		return domain.FeedItem{}, err
	}
	return uc.created(ctx, viewer, id, out.Post)
}
