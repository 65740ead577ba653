package httpapi

import (
	"context"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	"social/features/posts/wire"
	"social/kit/httpkit"
)

// links presents answers with signed media links.
type links struct{ media httpkit.MediaLinks }

func (l links) post(ctx context.Context, it domain.FeedItem) wire.Post {
	return wire.Present(ctx, l.media, it)
}

// postPath is the {id} of a post route; a malformed ID is not found.
type postPath struct {
	ID string `path:"id" doc:"The post's ID."`
}

func (p postPath) id() (domain.PostID, error) {
	id, err := domain.ParsePostID(p.ID)
	if err != nil {
		return domain.PostID{}, errs.NotFound(posts.CodeNotFound, posts.MsgNotFound)
	}
	return id, nil
}
