package app

import (
	"context"
	"fmt"
	"sync"
	"time"

	"social/core/ports"
)

// ActiveWindow is how far back a member counts as active: Mastodon's
// "active this month", 30 days.
const ActiveWindow = 30 * 24 * time.Hour

// UsageLifetime is how long the figures are answered before they are
// counted again: apps read the instance at every start, anyone may ask,
// and a total a few minutes old is as good as a fresh one.
const UsageLifetime = 5 * time.Minute

// Usage are the network's figures the instance answers: members, the
// members active in the window, and posts.
type Usage struct {
	Members     int
	ActiveMonth int
	Posts       int
}

// Figures counts them. Active members are those who wrote a post or a
// comment since the time given (the network keeps no record of visits).
type Figures interface {
	Usage(ctx context.Context, activeSince time.Time) (Usage, error)
}

// InstanceUsage answers the figures of GET /api/v1/instance, which anyone
// may read (they are totals, never a member's data).
type InstanceUsage struct {
	Figures Figures
	Clock   ports.Clock

	mu       sync.Mutex
	cached   *Usage
	cachedAt time.Time
}

// Handle answers the figures counted at most UsageLifetime ago.
func (uc *InstanceUsage) Handle(ctx context.Context) (Usage, error) {
	now := uc.Clock.Now()
	uc.mu.Lock()
	defer uc.mu.Unlock()
	if uc.cached != nil && now.Sub(uc.cachedAt) < UsageLifetime {
		return *uc.cached, nil
	}
	u, err := uc.Figures.Usage(ctx, now.Add(-ActiveWindow))
	if err != nil {
		return Usage{}, fmt.Errorf("instance usage: %w", err)
	}
	uc.cached, uc.cachedAt = &u, now
	return u, nil
}
