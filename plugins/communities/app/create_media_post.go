package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/app/posts"
	"social/core/domain"
	"social/core/errs"
)

// CreateMediaPost publishes a community post with an image or a video
// under the core posts' rules and texts (posts.MediaForm, posts.MediaStore):
// the file is stored before the transaction and deleted if it fails.
type CreateMediaPost struct {
	*Posts
	Media posts.MediaStore
}

// NewMediaPost is the form: the file, and optional text and kind.
type NewMediaPost struct {
	Text string
	Type domain.PostType
	File *posts.MediaFile // nil when the form has none
}

// Handle checks the membership, the form and the file, stores the file,
// then the post.
func (uc *CreateMediaPost) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, in NewMediaPost) (Post, error) {
	if !viewer.SignedIn() {
		return Post{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserPost)
	}
	if err := uc.readable(ctx, viewer, id); err != nil {
		return Post{}, err
	}
	text, err := posts.MediaForm(in.Text, in.Type, in.File)
	if err != nil {
		return Post{}, err
	}
	m, err := uc.Media.Store(ctx, viewer.UserID, in.File, in.Type)
	if err != nil {
		return Post{}, err
	}
	now := uc.Clock.Now()
	p := Post{ID: newID(), CommunityID: id, AuthorID: viewer.UserID, TextContent: text, MediaPath: &m.Key,
		Type: m.Type, CreatedAt: now, UpdatedAt: now}
	out, err := uc.store(ctx, viewer, id, p, nil)
	if err != nil {
		uc.Media.Discard(ctx, m.Key)
		return Post{}, err
	}
	return out, nil
}
