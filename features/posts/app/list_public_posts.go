package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// ListPublicPosts reads a member's public posts for readers who are not
// members of the network: the servers of the social web, which copy what
// the member published to everyone (the federation plugin's outbox). It
// is the list a signed-out viewer would see: friends_only posts and the
// posts of an audience are never in it, whoever asks.
type ListPublicPosts struct {
	Posts AuthorPostsStore
}

// Handle returns one page of author's public posts, newest first.
func (uc *ListPublicPosts) Handle(ctx context.Context, author domain.UserID, cursor string, limit int) (FeedPage, error) {
	limit = pageSize(limit)
	after, err := chronoAfter(cursor)
	if err != nil {
		return FeedPage{}, err
	}
	// The zero viewer follows nobody: the store answers the public posts.
	items, err := uc.Posts.ByAuthor(ctx, domain.UserID{}, author, after, limit)
	if err != nil {
		return FeedPage{}, fmt.Errorf("public posts of %s: %w", author, err)
	}
	page := FeedPage{Items: items[:0:0], Next: chronoNext(items, limit)}
	for _, it := range items {
		// Checked here too: a change to the store's reading must not
		// publish a followers-only post to the world.
		if it.Visibility == domain.VisibilityPublic {
			page.Items = append(page.Items, it)
		}
	}
	return page, nil
}

// GetPublicPost reads one post for readers who are not members: a public
// post, anything else not found.
type GetPublicPost struct {
	Posts ItemReader
}

// Handle returns the post or post_not_found.
func (uc *GetPublicPost) Handle(ctx context.Context, id domain.PostID) (domain.FeedItem, error) {
	it, err := uc.Posts.Item(ctx, id, domain.UserID{})
	if errors.Is(err, domain.ErrNotFound) || (err == nil && it.Visibility != domain.VisibilityPublic) {
		return domain.FeedItem{}, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return domain.FeedItem{}, fmt.Errorf("read post %s: %w", id, err)
	}
	return it, nil
}
