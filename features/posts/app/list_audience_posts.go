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

// ListAudiencePosts is an audience's page of posts (the feed with
// audience_id), for whoever may read them.
type ListAudiencePosts struct {
	Posts AudiencePostsStore
	// Audiences says who reads an audience; nil: nobody.
	Audiences ports.Audiences
	// Gate answers, with its keeper's own refusal, a viewer who may not
	// read the audience; nil: no audience exists.
	Gate AudienceGate
}

// Handle returns one page of audience's posts, limit at most (PageSize
// when limit is out of range). An audience's posts come newest first
// only: algorithm must be empty or Chronological.
func (uc *ListAudiencePosts) Handle(ctx context.Context, viewer domain.Viewer, audience domain.AudienceID, algorithm, cursor string, limit int) (FeedPage, error) {
	if !viewer.SignedIn() {
		return FeedPage{}, errs.Unauthenticated(CodeUnauthenticated, domain.MsgProfileNoUser)
	}
	if algorithm != "" && algorithm != Chronological {
		return FeedPage{}, errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{"algorithm": MsgAudienceFeed})
	}
	limit = pageSize(limit)
	if err := admitted(ctx, uc.Gate, uc.Audiences, audience, viewer.UserID); err != nil {
		return FeedPage{}, err
	}
	after, err := chronoAfter(cursor)
	if err != nil {
		return FeedPage{}, err
	}
	// The keeper's rule is asked again through the port every read of a
	// members_only post goes by.
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
	items, next, err := uc.Posts.ByAudience(ctx, viewer.UserID, audience, after, limit)
	if err != nil {
		return FeedPage{}, fmt.Errorf("posts of audience %s: %w", audience, err)
	}
	return FeedPage{Items: items, Next: next.encode()}, nil
}
