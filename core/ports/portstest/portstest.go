// Package portstest holds stand-ins of the smallest core ports for the use
// cases' unit tests, which run without a database.
package portstest

import (
	"context"
	"sync"
	"time"
)

// InlineTx is a ports.Transactor that runs fn at once, outside any
// transaction: nothing is rolled back when fn fails, so a test looks at
// what a refused call answers rather than at what it undid.
type InlineTx struct{}

// InTx runs fn.
func (InlineTx) InTx(ctx context.Context, fn func(ctx context.Context) error) error { return fn(ctx) }

// Clock is a ports.Clock stopped at At.
type Clock struct{ At time.Time }

// Now is At.
func (c Clock) Now() time.Time { return c.At }

// MovingClock is a ports.Clock the test moves by hand, read and moved
// safely from any goroutine.
type MovingClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewMovingClock starts at at.
func NewMovingClock(at time.Time) *MovingClock { return &MovingClock{now: at} }

// Now is the clock's time.
func (c *MovingClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *MovingClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
