// Package lifecycle holds the two shapes every bounded stop of the app
// takes: a loop that runs while the app does and ends within the stop's
// deadline, and a wait for work in flight that gives up at that deadline.
package lifecycle

import (
	"context"
	"fmt"

	"go.uber.org/fx"
)

// RunWhileUp runs loop in its own goroutine from the app's start. At stop,
// loop's context is cancelled and the stop waits for loop to return, no
// longer than the stop's deadline; name says whose loop outlived it. loop
// must return once its context ends.
func RunWhileUp(lc fx.Lifecycle, name string, loop func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				loop(ctx)
			}()
			return nil
		},
		OnStop: func(stop context.Context) error {
			cancel()
			return Await(stop, name, func() { <-done })
		},
	})
}

// Await calls wait, which blocks until some work in flight is over, and
// returns when it does or when ctx ends, whichever is first. Work still
// running at ctx's end is left to finish on its own; the error names it.
func Await(ctx context.Context, name string, wait func()) error {
	over := make(chan struct{})
	go func() {
		wait()
		close(over)
	}()
	select {
	case <-over:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%s: not over at stop: %w", name, ctx.Err())
	}
}
