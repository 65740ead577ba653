package postgres

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"social/core/domain"
	"social/core/ports"
)

const (
	// keyWriteRetryFor is how long a Finish or a Release that failed is
	// tried again: past a primary's restart or failover, and well within
	// the ten minutes a claim would otherwise stay in progress.
	keyWriteRetryFor = 60 * time.Second
	// keyWriteTimeout bounds one attempt, so that a database that does
	// not answer (rather than refusing) does not hold the loop.
	keyWriteTimeout = 5 * time.Second
	// keyWritesMax bounds what waits: beyond it a write is dropped, its
	// claim left to be abandoned.
	keyWritesMax = 10000
)

// keyWriteBackoff is the wait before each round of attempts, the last
// repeated: a few attempts in the first seconds (most outages are a
// restart), then one every 15 s.
var keyWriteBackoff = []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second,
	4 * time.Second, 8 * time.Second, 15 * time.Second}

// keyWrite is a Finish (answer set) or a Release (answer nil) to make.
type keyWrite struct {
	member domain.UserID
	key    string
	answer *ports.IdempotentAnswer
	until  time.Time
}

// keyWrites retries, in one background goroutine started on first use,
// the Finish and Release calls that failed. The database being away is
// the usual cause, so a round stops at its first failure and the next
// one waits longer; a success starts the waits over.
type keyWrites struct {
	log     *slog.Logger
	do      func(ctx context.Context, w keyWrite) error
	backoff []time.Duration

	mu      sync.Mutex
	queue   []keyWrite
	running bool
	stopped bool
	wake    chan struct{}
	cancel  context.CancelFunc
	done    chan struct{}
}

func newKeyWrites(log *slog.Logger, do func(ctx context.Context, w keyWrite) error) *keyWrites {
	return &keyWrites{log: log, do: do, backoff: keyWriteBackoff, wake: make(chan struct{}, 1)}
}

// add queues w to be tried again.
func (q *keyWrites) add(w keyWrite) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.stopped {
		q.log.Warn("idempotency key write not retried: stopping")
		return
	}
	if len(q.queue) >= keyWritesMax {
		q.log.Error("idempotency key write not retried: too many waiting")
		return
	}
	w.until = time.Now().Add(keyWriteRetryFor)
	q.queue = append(q.queue, w)
	if !q.running {
		var ctx context.Context
		ctx, q.cancel = context.WithCancel(context.Background())
		q.running, q.done = true, make(chan struct{})
		go q.run(ctx, q.done)
	}
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

func (q *keyWrites) run(ctx context.Context, done chan<- struct{}) {
	defer close(done)
	failures := 0
	for {
		if q.pending() == 0 {
			failures = 0
			select {
			case <-ctx.Done():
				return
			case <-q.wake:
			}
		}
		wait := time.NewTimer(q.backoff[min(failures, len(q.backoff)-1)])
		select {
		case <-ctx.Done():
			wait.Stop()
			return
		case <-wait.C:
		}
		if q.round(ctx) {
			failures = 0
		} else {
			failures++
		}
	}
}

func (q *keyWrites) pending() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.queue)
}

// round tries the waiting writes in order until one fails, and tells
// whether none did. A write past its time is dropped.
func (q *keyWrites) round(ctx context.Context) bool {
	for {
		q.mu.Lock()
		if len(q.queue) == 0 {
			q.mu.Unlock()
			return true
		}
		w := q.queue[0]
		q.mu.Unlock()
		if time.Now().After(w.until) {
			q.log.Error("idempotency key write given up; its claim waits to be abandoned")
			q.drop()
			continue
		}
		attempt, cancel := context.WithTimeout(ctx, keyWriteTimeout)
		err := q.do(attempt, w)
		cancel()
		if err != nil {
			if ctx.Err() == nil {
				q.log.Warn("idempotency key write failed again", "err", err)
			}
			return false
		}
		q.drop()
	}
}

// drop removes the write at the head of the queue.
func (q *keyWrites) drop() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.queue[0] = keyWrite{}
	q.queue = q.queue[1:]
}

// stop ends the retries, the attempt under way included, within ctx.
func (q *keyWrites) stop(ctx context.Context) error {
	q.mu.Lock()
	q.stopped = true
	running, done, left := q.running, q.done, len(q.queue)
	if running {
		q.cancel()
	}
	q.mu.Unlock()
	if left > 0 {
		q.log.Warn("idempotency key writes left undone at stop", "count", left)
	}
	if !running {
		return nil
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
