package blobpolicy

import (
	"testing"
	"time"
)

func TestLinkExpiryIsSharedWithinAWindowAndLivesAtLeastTTL(t *testing.T) {
	start := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		ttl, window time.Duration
	}{
		{time.Hour, 15 * time.Minute},
		{time.Minute, 15 * time.Second},
		{10 * time.Second, 2 * time.Second},
		{3 * time.Second, 0},
		{time.Second, 0},
	}
	for _, c := range cases {
		if got := LinkWindow(c.ttl); got != c.window {
			t.Errorf("LinkWindow(%v) = %v, want %v", c.ttl, got, c.window)
		}
		distinct := map[int64]bool{}
		// Every 250 ms over three windows (or three seconds when there is none).
		span := 3 * max(c.window, time.Second)
		for at := time.Duration(0); at < span; at += 250 * time.Millisecond {
			now := start.Add(at)
			exp := LinkExpiry(now, c.ttl)
			life := time.Unix(exp, 0).Sub(now)
			// Without a window a link counts whole seconds, as it always has.
			least := c.ttl
			if c.window == 0 {
				least -= time.Second
			}
			if life < least || life > c.ttl+c.window+time.Second {
				t.Fatalf("ttl %v at %v: the link lives %v, want %v to %v", c.ttl, at, life, least, c.ttl+c.window)
			}
			distinct[exp] = true
		}
		// One expiry per window (a fourth when the span starts mid-window),
		// one per second without a window.
		want := 4
		if c.window == 0 {
			want = int(span / time.Second)
		}
		if len(distinct) > want {
			t.Errorf("ttl %v: %d distinct expiries over %v, want at most %d", c.ttl, len(distinct), span, want)
		}
	}
}
