package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// AudiencePostsStore reads the posts written for one audience.
type AudiencePostsStore interface {
	// ByAudience reads them newest first after the cursor, and the cursor
	// of the next page (nil at the end), as FeedStore.Chronological.
	ByAudience(ctx context.Context, viewer domain.UserID, audience domain.AudienceID, after *ChronoCursor, limit int) ([]domain.FeedItem, *ChronoCursor, error)
}

// ListAudiencePosts is an audience's page of posts, for
// whoever may read them.
type ListAudiencePosts struct {
	Posts AudiencePostsStore
	// Audiences says who reads an audience; nil: nobody.
	Audiences ports.Audiences
}

// Handle returns one page of audience's posts, PageSize at most.
func (uc *ListAudiencePosts) Handle(ctx context.Context, viewer domain.Viewer, audience domain.AudienceID, cursor string) (FeedPage, error) {
	if !viewer.SignedIn() {
		return FeedPage{}, errs.Unauthenticated(CodeUnauthenticated, domain.MsgProfileNoUser)
	}
	var after *ChronoCursor
	if cursor != "" {
		c, ok := decodeChrono(cursor)
		if !ok {
			return FeedPage{}, errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
		}
		after = &c
	}
	if uc.Audiences == nil {
		return FeedPage{}, audienceClosed()
	}
	ok, err := uc.Audiences.Reads(ctx, audience, viewer.UserID)
	if err != nil {
		return FeedPage{}, fmt.Errorf("audience %s: %w", audience, err)
	}
	if !ok {
		return FeedPage{}, audienceClosed()
	}
	items, next, err := uc.Posts.ByAudience(ctx, viewer.UserID, audience, after, PageSize)
	if err != nil {
		return FeedPage{}, fmt.Errorf("posts of audience %s: %w", audience, err)
	}
	return FeedPage{Items: items, Next: next.encode()}, nil
}
