package httpapi

import (
	"context"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// The post answer lives in httpkit, which plugins use too.
type (
	// Author is httpkit.Author.
	Author = httpkit.Author
	// Post is httpkit.Post.
	Post = httpkit.Post
)

// Present is a feed item as the API answers it (httpkit.Present).
func Present(ctx context.Context, media httpkit.MediaLinks, it domain.FeedItem) Post {
	return httpkit.Present(ctx, media, it)
}

// links presents answers with signed media links.
type links struct{ media httpkit.MediaLinks }

func (l links) post(ctx context.Context, it domain.FeedItem) Post {
	return httpkit.Present(ctx, l.media, it)
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
