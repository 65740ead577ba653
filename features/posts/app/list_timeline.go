package app

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// Timelines a ListTimeline reads.
const (
	// TimelinePublic is the public feed, newest first.
	TimelinePublic = "public"
	// TimelineFollowing is the viewer's 'Seguindo' timeline.
	TimelineFollowing = "following"
	// TimelineTag is the public posts carrying a hashtag.
	TimelineTag = "tag"
	// TimelineLiked is the posts the viewer liked, the newest like first;
	// its positions are the likes'.
	TimelineLiked = "liked"
)

// Window bounds a chronological read for readers that page both ways:
// the posts older than Older and newer than Newer; with Forward, the
// ones just newer than Newer (read oldest first), else the newest.
// Pages are answered newest first either way.
type Window struct {
	Older, Newer *ChronoCursor
	Forward      bool
}

// TimelineRead is what a timeline read asks the store.
type TimelineRead struct {
	Kind      string
	Tag       string
	OnlyMedia bool
	Window    Window
}

// TimelineStore reads timeline windows under the feeds' rules, and the
// time a post was made (the position its ID names).
type TimelineStore interface {
	Timeline(ctx context.Context, viewer domain.UserID, t TimelineRead, limit int) ([]domain.FeedItem, error)
	PostTime(ctx context.Context, id domain.PostID) (time.Time, bool, error)
	// LikeTime is when viewer liked post id.
	LikeTime(ctx context.Context, viewer domain.UserID, id domain.PostID) (time.Time, bool, error)
}

// TimelineQuery is a timeline page by post IDs, as Mastodon's apps page:
// posts older than MaxID, newer than SinceID (the newest of them), or
// just newer than MinID (the oldest of them).
type TimelineQuery struct {
	Kind                  string
	Tag                   string
	OnlyMedia             bool
	MaxID, SinceID, MinID string
	Limit                 int
}

// ListTimeline reads a timeline by post IDs, both ways: the public feed,
// the 'Seguindo' timeline or a hashtag's posts, with every rule of the
// feeds (ListFeed's pages are the same posts, by opaque cursor), or the
// posts the viewer liked that they may still read.
type ListTimeline struct {
	Store TimelineStore
}

// Handle answers at most Limit posts (PageSize at most), newest first.
func (uc *ListTimeline) Handle(ctx context.Context, viewer domain.Viewer, q TimelineQuery) ([]domain.FeedItem, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, domain.MsgProfileNoUser)
	}
	read := TimelineRead{Kind: q.Kind, OnlyMedia: q.OnlyMedia}
	switch q.Kind {
	case TimelinePublic, TimelineFollowing, TimelineLiked:
	case TimelineTag:
		read.Tag = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(q.Tag), "#"))
		if read.Tag == "" {
			return []domain.FeedItem{}, nil
		}
	default:
		return nil, errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{"timeline": "Linha do tempo inválida."})
	}
	var err error
	if read.Window.Older, err = uc.position(ctx, viewer, q.Kind, "max_id", q.MaxID); err != nil {
		return nil, err
	}
	newer, newerID := "since_id", q.SinceID
	if q.MinID != "" {
		newer, newerID, read.Window.Forward = "min_id", q.MinID, true
	}
	if read.Window.Newer, err = uc.position(ctx, viewer, q.Kind, newer, newerID); err != nil {
		return nil, err
	}
	items, err := uc.Store.Timeline(ctx, viewer.UserID, read, pageSize(q.Limit))
	if err != nil {
		return nil, fmt.Errorf("%s timeline: %w", q.Kind, err)
	}
	if items == nil {
		items = []domain.FeedItem{}
	}
	return items, nil
}

// position is where post id sits in a timeline: its time and ID. A post
// that is gone still names a position, its ID's time (a UUIDv7 is made
// with its post), so that an app paging from a deleted post goes on.
func (uc *ListTimeline) position(ctx context.Context, viewer domain.Viewer, kind, param, raw string) (*ChronoCursor, error) {
	if raw == "" {
		return nil, nil
	}
	id, err := domain.ParsePostID(raw)
	if err != nil || uuid.UUID(id).Version() != 7 {
		return nil, errs.Invalid(CodeInvalid, MsgFixErrors, map[string]string{param: "ID inválido."})
	}
	at, ok, err := uc.Store.PostTime(ctx, id)
	if kind == TimelineLiked {
		at, ok, err = uc.Store.LikeTime(ctx, viewer.UserID, id)
	}
	if err != nil {
		return nil, fmt.Errorf("position of %s: %w", id, err)
	}
	if !ok {
		sec, nsec := uuid.UUID(id).Time().UnixTime()
		at = time.Unix(sec, nsec).UTC()
	}
	return &ChronoCursor{CreatedAt: at, ID: id}, nil
}
