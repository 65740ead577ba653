package app_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"social/core/ports/portstest"
	"social/features/moderation/app"
)

// countingUsage answers the next figures and remembers each count.
type countingUsage struct {
	next   app.Usage
	err    error
	counts []time.Time // the month asked for, one per count
}

func (c *countingUsage) CountUsage(_ context.Context, month, _ time.Time) (app.Usage, error) {
	c.counts = append(c.counts, month)
	return c.next, c.err
}

func TestNetworkUsageCountsAgainOnlyAfterItsLifetime(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	clock := portstest.NewMovingClock(start)
	counter := &countingUsage{next: app.Usage{Members: 3, ActiveMonth: 1, ActiveHalfyear: 2, LocalPosts: 5}}
	uc := &app.NetworkUsage{Counter: counter, Clock: clock}

	if u, err := uc.Handle(ctx); err != nil || u != counter.next {
		t.Fatalf("first: %+v, %v", u, err)
	}
	if len(counter.counts) != 1 || !counter.counts[0].Equal(start.Add(-app.ActiveMonth)) {
		t.Fatalf("counts = %v", counter.counts)
	}

	// Within the lifetime the figures are the ones counted, even if the
	// network changed since.
	first := counter.next
	counter.next = app.Usage{Members: 4, ActiveMonth: 2, ActiveHalfyear: 3, LocalPosts: 6}
	clock.Advance(app.UsageLifetime - time.Second)
	if u, err := uc.Handle(ctx); err != nil || u != first || len(counter.counts) != 1 {
		t.Fatalf("within the lifetime: %+v, %v, %d counts", u, err, len(counter.counts))
	}

	// Past it they are counted again, over windows ending now.
	clock.Advance(time.Second)
	if u, err := uc.Handle(ctx); err != nil || u != counter.next || len(counter.counts) != 2 {
		t.Fatalf("after the lifetime: %+v, %v, %d counts", u, err, len(counter.counts))
	}
	if want := start.Add(app.UsageLifetime - app.ActiveMonth); !counter.counts[1].Equal(want) {
		t.Fatalf("second count's month = %v, want %v", counter.counts[1], want)
	}
}

func TestNetworkUsageKeepsNoFailedCount(t *testing.T) {
	ctx := context.Background()
	clock := portstest.NewMovingClock(time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC))
	counter := &countingUsage{err: errors.New("database gone")}
	uc := &app.NetworkUsage{Counter: counter, Clock: clock}
	if _, err := uc.Handle(ctx); err == nil {
		t.Fatal("a failed count answered figures")
	}
	counter.err, counter.next = nil, app.Usage{Members: 1}
	if u, err := uc.Handle(ctx); err != nil || u.Members != 1 || len(counter.counts) != 2 {
		t.Fatalf("after a failure: %+v, %v, %d counts", u, err, len(counter.counts))
	}
}
