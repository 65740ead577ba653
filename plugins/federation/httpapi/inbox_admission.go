package httpapi

import (
	"context"
	"sync"
	"time"
)

// Admission bounds what a node receives of other servers' activities: how
// many a second, and how many at once. The members' requests share the
// node's cores and database with the inbox, and every activity taken
// costs a signature check, a write and, later, its processing (a like, a
// post, a follow made here): a flood taken whole slows the members' pages
// down. An activity beyond the rate, or that finds no place, within Wait
// is turned away (503 with Retry-After), which every server of the social
// web takes as "send it again later"; a flood is then taken at the node's
// pace over the following minutes instead of at once.
type Admission struct {
	places chan struct{}
	wait   time.Duration
	now    func() time.Time

	mu     sync.Mutex
	rate   float64 // activities a second
	burst  float64 // the most taken at once after a quiet spell
	tokens float64
	last   time.Time
}

// NewAdmission admits at most perSecond activities a second (a second's
// worth at once after a quiet spell) and concurrency at the same time,
// each waiting at most wait for its turn.
func NewAdmission(concurrency int, perSecond float64, wait time.Duration, now func() time.Time) *Admission {
	burst := max(perSecond, 1)
	return &Admission{places: make(chan struct{}, max(concurrency, 1)), wait: wait, now: now,
		rate: perSecond, burst: burst, tokens: burst}
}

// Enter waits for the activity's turn, at most the admission's wait; ok is
// false when it did not come (or ctx ended). A taken place is given back
// with leave.
func (a *Admission) Enter(ctx context.Context) (leave func(), ok bool) {
	start := a.now()
	turn, ok := a.reserve(start)
	if !ok {
		return nil, false
	}
	if turn > 0 {
		timer := time.NewTimer(turn)
		select {
		case <-timer.C:
		case <-ctx.Done():
			timer.Stop()
			return nil, false
		}
	}
	leave = func() { <-a.places }
	select {
	case a.places <- struct{}{}:
		return leave, true
	default:
	}
	left := a.wait - a.now().Sub(start)
	if left <= 0 {
		return nil, false
	}
	timer := time.NewTimer(left)
	defer timer.Stop()
	select {
	case a.places <- struct{}{}:
		return leave, true
	case <-timer.C:
		return nil, false
	case <-ctx.Done():
		return nil, false
	}
}

// reserve takes the next of the rate's turns when it comes within the
// wait, and answers how long until it does.
func (a *Admission) reserve(now time.Time) (time.Duration, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.last.IsZero() {
		a.tokens = min(a.burst, a.tokens+now.Sub(a.last).Seconds()*a.rate)
	}
	a.last = now
	if a.tokens >= 1 {
		a.tokens--
		return 0, true
	}
	turn := time.Duration((1 - a.tokens) / a.rate * float64(time.Second))
	if turn > a.wait {
		return 0, false
	}
	a.tokens-- // the turn is this activity's: the next one waits after it
	return turn, true
}
