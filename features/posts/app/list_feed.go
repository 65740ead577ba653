package app

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Feed orderings.
const (
	Chronological = "chronological"
	Ranked        = "ranked"
	// Following is the 'Seguindo' feed: the viewer's timeline (posts of the
	// people they follow and their own, friends_only included).
	Following = "following"
)

// Page sizes and the ranked window.
const (
	PageSize     = 50
	RankedWindow = 500
)

// MsgBadCursor refuses a cursor that is not one this server made.
const MsgBadCursor = "Cursor inválido."

// ChronoCursor is the last item of a chronological page.
type ChronoCursor struct {
	CreatedAt time.Time
	ID        domain.PostID
}

// FeedStore reads public feed pages, with the viewer's likes in one query
// per page. Chronological pages come with the cursor of the next page (nil
// at the end): the last post looked at, which is the page's last unless
// the viewer's muted words hid the posts that followed it. Ranked pages
// rank the newest RankedWindow public posts by the score at now (recency,
// likes, comments; see Ranked in the store) and skip offset of them.
type FeedStore interface {
	Chronological(ctx context.Context, viewer domain.UserID, after *ChronoCursor, limit int) ([]domain.FeedItem, *ChronoCursor, error)
	Ranked(ctx context.Context, viewer domain.UserID, now time.Time, window, offset, limit int) ([]domain.FeedItem, error)
	Following(ctx context.Context, viewer domain.UserID, after *ChronoCursor, limit int) ([]domain.FeedItem, *ChronoCursor, error)
}

// FeedPage is one page; Next is "" at the end.
type FeedPage struct {
	Items []domain.FeedItem
	Next  string
}

// ListFeed reads the public feed.
type ListFeed struct {
	Feed  FeedStore
	Clock ports.Clock
}

// Handle returns one page of algorithm's order after cursor.
func (uc *ListFeed) Handle(ctx context.Context, viewer domain.Viewer, algorithm, cursor string, limit int) (FeedPage, error) {
	if !viewer.SignedIn() {
		return FeedPage{}, errs.Unauthenticated(CodeUnauthenticated, domain.MsgProfileNoUser)
	}
	limit = pageSize(limit)
	switch algorithm {
	case "", Chronological, Following:
		after, err := chronoAfter(cursor)
		if err != nil {
			return FeedPage{}, err
		}
		read := uc.Feed.Chronological
		if algorithm == Following {
			read = uc.Feed.Following
		}
		items, next, err := read(ctx, viewer.UserID, after, limit)
		if err != nil {
			return FeedPage{}, fmt.Errorf("%s feed: %w", algorithm, err)
		}
		return FeedPage{Items: items, Next: next.encode()}, nil
	case Ranked:
		offset := 0
		if cursor != "" {
			raw, ok := decode(cursor)
			n, err := strconv.Atoi(strings.TrimPrefix(raw, "r|"))
			if !ok || !strings.HasPrefix(raw, "r|") || err != nil || n < 0 || n >= RankedWindow {
				return FeedPage{}, badCursor()
			}
			offset = n
		}
		items, err := uc.Feed.Ranked(ctx, viewer.UserID, uc.Clock.Now(), RankedWindow, offset, limit)
		if err != nil {
			return FeedPage{}, fmt.Errorf("ranked feed: %w", err)
		}
		page := FeedPage{Items: items}
		if len(items) == limit && offset+limit < RankedWindow {
			page.Next = encode("r|" + strconv.Itoa(offset+limit))
		}
		return page, nil
	}
	return FeedPage{}, errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{"algorithm": "Algoritmo inválido."})
}

// chronoNext is the cursor after a full chronological page, "" after a
// short one (the end).
func chronoNext(items []domain.FeedItem, limit int) string {
	if len(items) < limit {
		return ""
	}
	last := items[len(items)-1]
	return (&ChronoCursor{CreatedAt: last.CreatedAt, ID: last.ID}).encode()
}

// encode is c's text, "" for nil (the end).
func (c *ChronoCursor) encode() string {
	if c == nil {
		return ""
	}
	return encode("c|" + strconv.FormatInt(c.CreatedAt.UnixMicro(), 10) + "|" + c.ID.String())
}

func encode(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }

func decode(s string) (string, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	return string(b), err == nil
}

// pageSize is the size of the page a request asked for: PageSize when it
// asked for none or for more.
func pageSize(limit int) int {
	if limit <= 0 || limit > PageSize {
		return PageSize
	}
	return limit
}

// badCursor refuses a cursor that is not one this feature wrote.
func badCursor() error {
	return errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
}

// chronoAfter is the position a chronological cursor names, nil for the
// first page.
func chronoAfter(cursor string) (*ChronoCursor, error) {
	if cursor == "" {
		return nil, nil
	}
	c, ok := decodeChrono(cursor)
	if !ok {
		return nil, badCursor()
	}
	return &c, nil
}

func decodeChrono(s string) (ChronoCursor, bool) {
	raw, ok := decode(s)
	parts := strings.Split(raw, "|")
	if !ok || len(parts) != 3 || parts[0] != "c" {
		return ChronoCursor{}, false
	}
	us, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil {
		return ChronoCursor{}, false
	}
	id, err := domain.ParsePostID(parts[2])
	if err != nil {
		return ChronoCursor{}, false
	}
	return ChronoCursor{CreatedAt: time.UnixMicro(us).UTC(), ID: id}, true
}
