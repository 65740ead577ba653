package postgres_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"social/adapters/postgres"
	"social/core/ports"
	"social/core/ports/portstest"
)

func TestRateLimiterCountsRacingAttemptsOneByOne(t *testing.T) {
	t.Parallel()
	clock := portstest.NewMovingClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	l := postgres.NewRateLimiter(newServerDB(t, 12), clock) // the racing attempts need connections of their own
	rule := ports.RateRule{Bucket: "test", Key: "maria@example.com", Limit: 5, Window: time.Minute}
	ip := ports.RateRule{Bucket: "test_ip", Key: "198.51.100.1", Limit: 100, Window: time.Minute}

	var allowed atomic.Int32
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wait, err := l.Take(context.Background(), rule, ip)
			if err != nil {
				t.Error(err)
				return
			}
			if wait == 0 {
				allowed.Add(1)
			} else if wait != time.Minute {
				t.Errorf("wait = %v, want 1m", wait)
			}
		}()
	}
	wg.Wait()
	if allowed.Load() != 5 {
		t.Fatalf("%d racing attempts allowed, want 5", allowed.Load())
	}
	// take is one attempt whose error fails the test: an error is no wait.
	take := func(rules ...ports.RateRule) time.Duration {
		t.Helper()
		wait, err := l.Take(context.Background(), rules...)
		if err != nil {
			t.Fatal(err)
		}
		return wait
	}
	// Refused attempts recorded nothing on the other rule either.
	for range 95 {
		if take(ip) != 0 {
			t.Fatal("the IP rule counted refused attempts")
		}
	}
	if take(ip) == 0 {
		t.Fatal("101st attempt on the IP rule allowed")
	}
	clock.Advance(time.Minute)
	if wait := take(rule); wait != 0 {
		t.Fatalf("after the window: wait %v", wait)
	}
	// A rule without a limit never blocks.
	if take(ports.RateRule{Bucket: "off", Key: "x"}) != 0 {
		t.Fatal("an unlimited rule blocked")
	}
}

func TestPruneRateLimitsIsIdempotent(t *testing.T) {
	t.Parallel()
	clock := portstest.NewMovingClock(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
	db := newServerDB(t, 12)
	l := postgres.NewRateLimiter(db, clock)
	for range 3 {
		if _, err := l.Take(context.Background(), ports.RateRule{Bucket: "b", Key: "k", Limit: 10, Window: time.Minute}); err != nil {
			t.Fatal(err)
		}
	}
	clock.Advance(23 * time.Hour)
	if _, err := l.Take(context.Background(), ports.RateRule{Bucket: "b", Key: "k2", Limit: 10, Window: time.Minute}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(2 * time.Hour)
	w := &postgres.PruneWorker[postgres.PruneRateLimitsArgs]{Store: l}
	for range 2 {
		if err := w.Work(context.Background(), &river.Job[postgres.PruneRateLimitsArgs]{}); err != nil {
			t.Fatal(err)
		}
	}
	var left int
	if err := db.NewRaw("SELECT count(*) FROM rate_limit_events").Scan(context.Background(), &left); err != nil {
		t.Fatal(err)
	}
	if left != 1 {
		t.Fatalf("%d events left, want the one younger than a day", left)
	}
	if (postgres.PruneRateLimitsArgs{}).Kind() != "ratelimit.prune" {
		t.Fatal("job kind changed")
	}
}
