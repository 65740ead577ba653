package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	profiles "social/features/profiles/app"
)

// Direction picks one of a profile's two lists.
type Direction string

const (
	Followers Direction = "followers" // who follows the profile
	Following Direction = "following" // whom the profile follows
)

// ListStore reads a profile's lists newest follow first, after the cursor,
// leaving out the members in a block relation (either way) with of or with
// viewer (the zero ID: nobody signed in).
type ListStore interface {
	profiles.HandleResolver
	Followers(ctx context.Context, of, viewer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) ([]domain.FollowEntry, error)
	Following(ctx context.Context, of, viewer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) ([]domain.FollowEntry, error)
}

// Page is one page of a list; Next is "" at the end.
type Page struct {
	Items []domain.FollowEntry
	Next  string
}

// ListFollows reads a profile's followers or following, PageSize at a time.
// Like the profile itself, the lists are public; a member in a block
// relation with the profile's owner is never listed, nor, for a signed-in
// viewer, one in a block relation with the viewer.
type ListFollows struct {
	Follows ListStore
}

// Handle returns the page of dir of handle after cursor: limit members
// (PageSize when 0, at most MaxPageSize).
func (uc *ListFollows) Handle(ctx context.Context, viewer domain.Viewer, handle string, dir Direction, cursor string, limit int) (Page, error) {
	limit = pageLimit(limit)
	var after *domain.ListCursor[domain.FollowID]
	if cursor != "" {
		c, ok := domain.DecodeListCursor[domain.FollowID](domain.FollowsCursor, cursor)
		if !ok {
			return Page{}, errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
		}
		after = &c
	}
	of, err := profiles.MemberByHandle(ctx, uc.Follows, handle)
	if err != nil {
		return Page{}, err
	}
	read := uc.Follows.Followers
	if dir == Following {
		read = uc.Follows.Following
	}
	var seer domain.UserID
	if viewer.SignedIn() {
		seer = viewer.UserID
	}
	items, err := read(ctx, of, seer, after, limit)
	if err != nil {
		return Page{}, fmt.Errorf("%s of %s: %w", dir, of, err)
	}
	page := Page{Items: items}
	if len(items) == limit {
		last := items[len(items)-1]
		page.Next = domain.ListCursor[domain.FollowID]{At: last.FollowedAt, ID: last.FollowID}.Encode(domain.FollowsCursor)
	}
	return page, nil
}

// pageLimit is the page length a reader asked for, within 1..MaxPageSize;
// PageSize when it asked for none.
func pageLimit(limit int) int {
	if limit <= 0 {
		return PageSize
	}
	return min(limit, MaxPageSize)
}
