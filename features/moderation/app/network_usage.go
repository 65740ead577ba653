package app

import (
	"context"
	"fmt"
	"sync"
	"time"

	"social/core/ports"
)

// The windows of the active members: a month and half a year, as NodeInfo
// and Mastodon's instance count them.
const (
	ActiveMonth    = 30 * 24 * time.Hour
	ActiveHalfyear = 180 * 24 * time.Hour
)

// UsageLifetime is how long the figures are answered before they are
// counted again: crawlers of the social web and apps read them often,
// anyone may, and a count a few minutes old is as good as a fresh one.
const UsageLifetime = 5 * time.Minute

// Usage are the network's public figures: its members (neither suspended
// nor deleted), those of them active in the last month and half year, and
// the posts written here. Remote accounts (profiles of other servers) and
// their posts are never counted.
type Usage struct {
	Members        int
	ActiveMonth    int
	ActiveHalfyear int
	LocalPosts     int
}

// UsageCounter counts them. A member is active when they wrote a post or
// a comment since the time given: the network keeps no record of visits.
type UsageCounter interface {
	CountUsage(ctx context.Context, month, halfyear time.Time) (Usage, error)
}

// NetworkUsage answers the figures, counted at most UsageLifetime ago.
// They are totals, never a member's data, so anyone may read them.
type NetworkUsage struct {
	Counter UsageCounter
	Clock   ports.Clock

	mu       sync.Mutex
	cached   *Usage
	cachedAt time.Time
}

// Handle answers the figures.
func (uc *NetworkUsage) Handle(ctx context.Context) (Usage, error) {
	now := uc.Clock.Now()
	uc.mu.Lock()
	defer uc.mu.Unlock()
	if uc.cached != nil && now.Sub(uc.cachedAt) < UsageLifetime {
		return *uc.cached, nil
	}
	u, err := uc.Counter.CountUsage(ctx, now.Add(-ActiveMonth), now.Add(-ActiveHalfyear))
	if err != nil {
		return Usage{}, fmt.Errorf("network usage: %w", err)
	}
	uc.cached, uc.cachedAt = &u, now
	return u, nil
}
