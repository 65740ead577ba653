package app

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// Callers that arrive while a batch is written go together in the next
// one, each answered with its own outcome, even when the caller that
// writes it gave up meanwhile.
func TestGroupCommitWritesWhatArrivesMeanwhileTogether(t *testing.T) {
	t.Parallel()
	errRefused := errors.New("refused")
	release := make(chan struct{})
	var mu sync.Mutex
	var batches [][]int
	g := newGroupCommit(func(ctx context.Context, batch []*groupItem[int]) {
		if batch[0].value == 0 {
			<-release
		}
		var values []int
		for _, item := range batch {
			values = append(values, item.value)
			if ctx.Err() != nil {
				item.err = ctx.Err()
			} else if item.value == 5 {
				item.err = errRefused
			}
		}
		mu.Lock()
		batches = append(batches, values)
		mu.Unlock()
	})
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("waited in vain for %s", what)
			}
		}
	}
	state := func() (bool, int) {
		g.mu.Lock()
		defer g.mu.Unlock()
		return g.flushing, len(g.pending)
	}

	answers := make([]error, 10)
	var wg sync.WaitGroup
	call := func(ctx context.Context, v int) {
		wg.Add(1)
		go func() { defer wg.Done(); answers[v] = g.do(ctx, v) }()
	}
	call(context.Background(), 0)
	waitFor("the first batch to be written", func() bool { f, _ := state(); return f })
	// The caller that will write the second batch gives up before it is
	// written: the others in it are still written.
	gaveUp, cancel := context.WithCancel(context.Background())
	cancel()
	call(gaveUp, 1)
	waitFor("the first waiter", func() bool { _, n := state(); return n == 1 })
	for v := 2; v < 10; v++ {
		call(context.Background(), v)
	}
	waitFor("nine waiters", func() bool { _, n := state(); return n == 9 })
	close(release)
	wg.Wait()

	if len(batches) != 2 || !slices.Equal(batches[0], []int{0}) || len(batches[1]) != 9 {
		t.Fatalf("batches %v, want [0] then the nine others together", batches)
	}
	for v, err := range answers {
		if want := map[bool]error{true: errRefused, false: nil}[v == 5]; !errors.Is(err, want) && err != want {
			t.Errorf("caller %d answered %v, want %v", v, err, want)
		}
	}
}
