package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/app/posts"
	"social/core/domain"
	"social/core/errs"
)

// CreatePost publishes a text post in a community.
type CreatePost struct{ *Posts }

// Handle checks the membership, then the text (core's rules), and stores.
func (uc *CreatePost) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, text string) (Post, error) {
	if !viewer.SignedIn() {
		return Post{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserPost)
	}
	now := uc.Clock.Now()
	t := text
	p := Post{ID: newID(), CommunityID: id, AuthorID: viewer.UserID, TextContent: &t, Type: domain.PostText,
		CreatedAt: now, UpdatedAt: now}
	return uc.store(ctx, viewer, id, p, func() error { return posts.TextError(text) })
}
