package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// AuthorPostsStore reads one member's posts as viewer may see them.
type AuthorPostsStore interface {
	// AuthorByHandle is the member with a (normalized) handle.
	AuthorByHandle(ctx context.Context, handle string) (domain.UserID, error)
	// ByAuthor reads author's posts newest first after the cursor: all of
	// them for the author and their followers, the public ones otherwise.
	ByAuthor(ctx context.Context, viewer, author domain.UserID, after *ChronoCursor, limit int) ([]domain.FeedItem, error)
}

// ListAuthorPosts is a profile's 'Posts' list: the author's own posts,
// page by page, so older posts are there too (filtering the feed already
// loaded in the browser would miss them).
type ListAuthorPosts struct {
	Posts AuthorPostsStore
}

// Handle returns one page of the posts of handle the viewer may read.
func (uc *ListAuthorPosts) Handle(ctx context.Context, viewer domain.Viewer, handle, cursor string, limit int) (FeedPage, error) {
	if !viewer.SignedIn() {
		return FeedPage{}, errs.Unauthenticated(CodeUnauthenticated, domain.MsgProfileNoUser)
	}
	notFound := errs.NotFound(CodeProfileNotFound, domain.MsgProfileNotFound)
	h, ok := domain.NormalHandle(handle)
	if !ok {
		return FeedPage{}, notFound
	}
	limit = pageSize(limit)
	after, err := chronoAfter(cursor)
	if err != nil {
		return FeedPage{}, err
	}
	author, err := uc.Posts.AuthorByHandle(ctx, h)
	if errors.Is(err, domain.ErrNotFound) {
		return FeedPage{}, notFound
	}
	if err != nil {
		return FeedPage{}, fmt.Errorf("profile @%s: %w", h, err)
	}
	items, err := uc.Posts.ByAuthor(ctx, viewer.UserID, author, after, limit)
	if err != nil {
		return FeedPage{}, fmt.Errorf("posts of @%s: %w", h, err)
	}
	return FeedPage{Items: items, Next: chronoNext(items, limit)}, nil
}
