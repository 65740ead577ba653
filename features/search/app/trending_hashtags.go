package app

import (
	"context"
	"sync"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// What the search screen suggests: the hashtags most people used in public
// posts over the last week, at most eight of them, worked out again at
// most every five minutes (a suggestion may lag; a search must not wait on
// a count over a week of posts).
const (
	TrendWindow   = 7 * 24 * time.Hour
	TrendLimit    = 8
	TrendLifetime = 5 * time.Minute
)

// HashtagTrend is one suggested hashtag: how many members and how many
// posts used it in the window.
type HashtagTrend struct {
	Tag    string
	People int
	Posts  int
}

// HashtagCounter counts the hashtags of the public posts made since a
// time, by active members, most people first.
type HashtagCounter interface {
	TrendingHashtags(ctx context.Context, since time.Time, limit int) ([]HashtagTrend, error)
}

// TrendingHashtags answers the search screen's suggestions. Ranking by
// people rather than posts keeps one member posting a tag fifty times from
// filling the list.
type TrendingHashtags struct {
	Counter HashtagCounter
	Clock   ports.Clock

	mu       sync.Mutex
	cached   []HashtagTrend
	cachedAt time.Time
}

// Handle answers the current suggestions to a signed-in member; none when
// nobody used a hashtag this week.
func (uc *TrendingHashtags) Handle(ctx context.Context, viewer domain.Viewer) ([]HashtagTrend, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgUnauthenticated)
	}
	now := uc.Clock.Now()
	uc.mu.Lock()
	defer uc.mu.Unlock()
	if uc.cached != nil && now.Sub(uc.cachedAt) < TrendLifetime {
		return uc.cached, nil
	}
	trends, err := uc.Counter.TrendingHashtags(ctx, now.Add(-TrendWindow), TrendLimit)
	if err != nil {
		return nil, err
	}
	if trends == nil {
		trends = []HashtagTrend{}
	}
	uc.cached, uc.cachedAt = trends, now
	return trends, nil
}
