package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sort"
	"time"

	"github.com/uptrace/bun"

	"social/core/ports"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// RateLimiter counts attempts in rate_limit_events (see ports.RateLimiter):
// a sliding window per bucket and key, shared by every node.
type RateLimiter struct {
	db    *bun.DB
	clock ports.Clock
}

// NewRateLimiter makes the limiter; clock decides what "now" is.
func NewRateLimiter(db *bun.DB, clock ports.Clock) *RateLimiter {
	return &RateLimiter{db: db, clock: clock}
}

// rateLimitHorizon is how long events are kept: longer than any window.
const rateLimitHorizon = 24 * time.Hour

type keyedRule struct {
	ports.RateRule
	hash []byte
	lock int64
}

// Take records one attempt against every rule, or none when one of them is
// exhausted (then it says how long to wait). Each key is locked for the
// transaction (advisory lock, taken in a fixed order), so that concurrent
// attempts count one by one and the Nth+1 is refused even when they race.
// It runs in its own transaction, never the caller's.
func (l *RateLimiter) Take(ctx context.Context, rules ...ports.RateRule) (time.Duration, error) {
	keyed := make([]keyedRule, 0, len(rules))
	for _, r := range rules {
		if r.Limit <= 0 || r.Window <= 0 {
			continue
		}
		sum := sha256.Sum256([]byte(r.Key))
		lock := sha256.Sum256([]byte(r.Bucket + "\x00" + r.Key))
		keyed = append(keyed, keyedRule{RateRule: r, hash: sum[:], lock: int64(binary.BigEndian.Uint64(lock[:8]))})
	}
	sort.Slice(keyed, func(i, j int) bool { return keyed[i].lock < keyed[j].lock })
	now := l.clock.Now()
	var wait time.Duration
	var usage []ports.RateUsage
	err := l.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		usage = usage[:0]
		for _, r := range keyed {
			if _, err := tx.ExecContext(ctx, "SELECT pg_advisory_xact_lock(?)", r.lock); err != nil {
				return err
			}
			var recent []time.Time
			err := tx.NewRaw(`SELECT at FROM rate_limit_events WHERE bucket = ? AND key_hash = ? AND at > ?
				ORDER BY at DESC LIMIT ?`, r.Bucket, r.hash, now.Add(-r.Window), r.Limit).Scan(ctx, &recent)
			if err != nil {
				return err
			}
			if len(recent) >= r.Limit {
				// Allowed again once the oldest of the last Limit attempts leaves the window.
				wait = max(wait, recent[r.Limit-1].Add(r.Window).Sub(now))
			}
			usage = append(usage, ports.RateUsage{Rule: r.RateRule, Remaining: r.Limit - len(recent), Reset: r.Window})
			if len(recent) > 0 {
				// The whole quota is back once the newest attempt leaves the window.
				usage[len(usage)-1].Reset = recent[0].Add(r.Window).Sub(now)
			}
		}
		if wait > 0 {
			return nil
		}
		for i := range usage {
			usage[i].Remaining--
			usage[i].Reset = usage[i].Rule.Window
		}
		for _, r := range keyed {
			if _, err := tx.NewRaw(`INSERT INTO rate_limit_events (bucket, key_hash, at) VALUES (?, ?, ?)`,
				r.Bucket, r.hash, now).Exec(ctx); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("rate limit: %w", err)
	}
	if report := ports.RateReportFrom(ctx); report != nil {
		for _, u := range usage {
			report.Add(u)
		}
	}
	return wait, nil
}

// Prune deletes events older than any window and returns how many.
func (l *RateLimiter) Prune(ctx context.Context) (int64, error) {
	return deleteRows(ctx, pgkit.IDB(ctx, l.db), "rate-limit events",
		`DELETE FROM rate_limit_events WHERE at < ?`, l.clock.Now().Add(-rateLimitHorizon))
}

// PruneRateLimitsArgs is the periodic job that deletes old rate-limit events.
type PruneRateLimitsArgs struct{}

// Kind is the job's stable name.
func (PruneRateLimitsArgs) Kind() string { return "ratelimit.prune" }

// PruneRateLimitsEvery is how often the pruning runs.
const PruneRateLimitsEvery = 15 * time.Minute

func newPruneRateLimitsWorker(l *RateLimiter) plugin.Worker {
	return plugin.NewWorker("", &PruneWorker[PruneRateLimitsArgs]{Store: l})
}

func newPruneRateLimitsJob() plugin.PeriodicJob {
	return prunePeriodically[PruneRateLimitsArgs](PruneRateLimitsEvery)
}
