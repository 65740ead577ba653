// Package portstest holds stand-ins of the smallest core ports for the use
// cases' unit tests, which run without a database.
package portstest

import (
	"context"
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
