package httpapi

import (
	"context"
	"time"
)

// Admission bounds how many activities a node receives at once. The
// members' requests share the node's cores and database connections with
// the inbox, and receiving an activity costs a signature check and a
// transaction: a flood from other servers, admitted whole, queued the
// members' requests behind its own. An activity that finds no place
// within Wait is turned away (503 with Retry-After), which every server
// of the social web takes as "send it again later".
type Admission struct {
	places chan struct{}
	wait   time.Duration
}

// NewAdmission admits at most concurrency activities at once, each
// waiting at most wait for its turn.
func NewAdmission(concurrency int, wait time.Duration) *Admission {
	return &Admission{places: make(chan struct{}, max(concurrency, 1)), wait: wait}
}

// Enter takes a place, waiting at most the admission's wait; ok is false
// when none came free (or ctx ended). A taken place is given back with
// leave.
func (a *Admission) Enter(ctx context.Context) (leave func(), ok bool) {
	leave = func() { <-a.places }
	select {
	case a.places <- struct{}{}:
		return leave, true
	default:
	}
	if a.wait <= 0 {
		return nil, false
	}
	timer := time.NewTimer(a.wait)
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
