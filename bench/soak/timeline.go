package soak

import (
	"context"
	"slices"
	"sync"
	"time"

	"social/bench/load"
)

// timeline keeps one bucket per second of the run.
type timeline struct {
	mu      sync.Mutex
	start   time.Time
	buckets map[int]*bucket
}

type bucket struct {
	ok, errors, failedAttempts, reconnects int
	latencies                              []time.Duration
	eventDelays                            []time.Duration
	// lagMS is the replica's replay lag (-1: the replica is not streaming).
	lagMS    float64
	lagBytes int64
	lagSeen  bool
}

// Second is one second of the run, as the report and its chart show it.
type Second struct {
	T              int     `json:"t"`
	Throughput     int     `json:"ok"`
	Errors         int     `json:"errors"`
	FailedAttempts int     `json:"failed_attempts"`
	P99MS          float64 `json:"p99_ms"`
	EventDelayMS   float64 `json:"event_delay_p99_ms"`
	Events         int     `json:"events"`
	Reconnects     int     `json:"reconnects"`
	// ReplicaLagMS is -1 while the replica is not streaming.
	ReplicaLagMS    float64 `json:"replica_lag_ms"`
	ReplicaLagBytes int64   `json:"replica_lag_bytes"`
}

func newTimeline() *timeline { return &timeline{start: time.Now(), buckets: map[int]*bucket{}} }

func (t *timeline) at(when time.Time) *bucket {
	i := int(when.Sub(t.start) / time.Second)
	b := t.buckets[i]
	if b == nil {
		b = &bucket{lagMS: -2}
		t.buckets[i] = b
	}
	return b
}

func (t *timeline) request(d time.Duration, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.at(time.Now())
	if err != nil {
		b.errors++
		return
	}
	b.ok++
	b.latencies = append(b.latencies, d)
}

func (t *timeline) failedAttempt() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.at(time.Now()).failedAttempts++
}

func (t *timeline) reconnect() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.at(time.Now()).reconnects++
}

func (t *timeline) eventDelay(sent time.Time, d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.at(sent)
	b.eventDelays = append(b.eventDelays, d)
}

func (t *timeline) lag(ms float64, bytes int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.at(time.Now())
	b.lagMS, b.lagBytes, b.lagSeen = ms, bytes, true
}

func (t *timeline) seconds(until time.Time) []Second {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := int(until.Sub(t.start) / time.Second)
	out := make([]Second, 0, n)
	for i := 0; i < n; i++ {
		s := Second{T: i, ReplicaLagMS: -1}
		if b := t.buckets[i]; b != nil {
			slices.Sort(b.latencies)
			slices.Sort(b.eventDelays)
			s.Throughput, s.Errors, s.FailedAttempts, s.Reconnects = b.ok, b.errors, b.failedAttempts, b.reconnects
			s.P99MS = ms(load.Percentile(b.latencies, 99))
			s.EventDelayMS = ms(load.Percentile(b.eventDelays, 99))
			s.Events = len(b.eventDelays)
			if b.lagSeen {
				s.ReplicaLagMS, s.ReplicaLagBytes = b.lagMS, b.lagBytes
			}
		}
		out = append(out, s)
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// probeLag reads the replica's replay lag from the primary every second
// (pg_stat_replication; no row while the replica is away).
func (s *soak) probeLag(ctx context.Context) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		qctx, cancel := context.WithTimeout(ctx, 900*time.Millisecond)
		var lagMS float64
		var lagBytes int64
		err := s.db.QueryRow(qctx, `SELECT coalesce(extract(epoch FROM replay_lag) * 1000, 0)::float8,
			coalesce(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn), 0)::int8
			FROM pg_stat_replication WHERE state = 'streaming' LIMIT 1`).Scan(&lagMS, &lagBytes)
		cancel()
		if err != nil {
			lagMS = -1
		}
		s.timeline.lag(lagMS, lagBytes)
	}
}

// eventSeen and eventSent meet when a comment's live event has arrived and
// its request has been acknowledged, whichever came first; the delay runs
// from the request's start.
func (s *soak) eventSeen(id string) {
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.seenAt[id]; ok {
		return
	}
	s.seenAt[id] = now
	if c, ok := s.sent[id]; ok {
		s.timeline.eventDelay(c.sent, now.Sub(c.sent))
	}
}

func (s *soak) eventSent(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if at, ok := s.seenAt[id]; ok {
		c := s.sent[id]
		s.timeline.eventDelay(c.sent, max(0, at.Sub(c.sent)))
	}
}
