package httpapi

import (
	"sync"
	"time"
)

// maxSenders bounds the senders counted in one window. Past it a new
// sender waits for the next window: a flood of made-up names cannot grow
// the node's memory, and the senders already counted go on.
const maxSenders = 50_000

// SenderLimit counts, in this node's memory, the activities each sender
// posts to the inboxes in a window of time. The inbox is the one door
// where a shared count (a write to the database for each request) would
// cost more than the work it protects: a busy server sends hundreds of
// activities a second. Each node counts its own, so a cluster of n nodes
// takes up to n times the limit from one server, spread over its nodes.
type SenderLimit struct {
	limit  int
	window time.Duration
	now    func() time.Time

	mu     sync.Mutex
	start  time.Time
	counts map[string]int
}

// NewSenderLimit allows limit activities per window to each sender.
func NewSenderLimit(limit int, window time.Duration, now func() time.Time) *SenderLimit {
	return &SenderLimit{limit: limit, window: window, now: now}
}

// Take counts one activity of sender when its allowance has room and
// answers 0; otherwise it counts nothing and answers how long until the
// window ends.
func (l *SenderLimit) Take(sender string) time.Duration {
	now := l.now()
	start := now.Truncate(l.window)
	l.mu.Lock()
	defer l.mu.Unlock()
	if !start.Equal(l.start) || l.counts == nil {
		l.start, l.counts = start, make(map[string]int)
	}
	n, known := l.counts[sender]
	if n >= l.limit || !known && len(l.counts) >= maxSenders {
		return max(start.Add(l.window).Sub(now), time.Second)
	}
	l.counts[sender] = n + 1
	return 0
}
