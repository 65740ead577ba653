package app

import (
	"context"
	"sync"
	"time"
)

// flushTimeout bounds one batch's transaction: the requests waiting on it
// are answered within it, whatever became of the request that runs it.
const flushTimeout = 10 * time.Second

// groupCommit writes what concurrent callers hand it in shared
// transactions. A caller that finds no batch being written writes its own
// at once; one that arrives while a batch is written waits for that
// commit and goes in the next, with every other that arrived meanwhile.
// A quiet inbox therefore pays no wait, and a busy one pays one commit
// (its flush to disk included) for many activities instead of one each.
type groupCommit[T any] struct {
	// write stores a batch in one transaction and answers each item.
	write func(ctx context.Context, batch []*groupItem[T])

	mu       sync.Mutex
	done     *sync.Cond
	pending  []*groupItem[T]
	flushing bool
}

// groupItem is one caller's item and what became of it.
type groupItem[T any] struct {
	value    T
	err      error
	answered bool
}

func newGroupCommit[T any](write func(ctx context.Context, batch []*groupItem[T])) *groupCommit[T] {
	g := &groupCommit[T]{write: write}
	g.done = sync.NewCond(&g.mu)
	return g
}

// do hands v to the next batch and returns once that batch is written:
// nil when v was committed.
func (g *groupCommit[T]) do(ctx context.Context, v T) error {
	item := &groupItem[T]{value: v}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pending = append(g.pending, item)
	for !item.answered {
		if g.flushing {
			g.done.Wait()
			continue
		}
		batch := g.pending
		g.pending, g.flushing = nil, true
		g.mu.Unlock()
		g.flush(ctx, batch)
		g.mu.Lock()
		g.flushing = false
		g.done.Broadcast()
	}
	return item.err
}

// flush writes batch on behalf of every caller in it: the context is
// freed from the cancellation of the request that happens to run it, and
// bounded on its own.
func (g *groupCommit[T]) flush(ctx context.Context, batch []*groupItem[T]) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), flushTimeout)
	defer cancel()
	g.write(ctx, batch)
	for _, item := range batch {
		item.answered = true
	}
}
