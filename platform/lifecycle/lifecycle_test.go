package lifecycle

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"go.uber.org/fx/fxtest"
)

func TestRunWhileUpEndsTheLoopAtStop(t *testing.T) {
	lc := fxtest.NewLifecycle(t)
	started, ended := make(chan struct{}), make(chan struct{})
	RunWhileUp(lc, "test loop", func(ctx context.Context) {
		close(started)
		<-ctx.Done()
		close(ended)
	})
	lc.RequireStart()
	<-started
	lc.RequireStop()
	select {
	case <-ended:
	default:
		t.Fatal("stop returned before the loop did")
	}
}

func TestRunWhileUpGivesUpOnALoopThatOutlivesTheStop(t *testing.T) {
	lc := fxtest.NewLifecycle(t)
	release := make(chan struct{})
	defer close(release)
	RunWhileUp(lc, "stubborn loop", func(context.Context) { <-release })
	if err := lc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	stop, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := lc.Stop(stop)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "stubborn loop") {
		t.Fatalf("stop = %v, want the loop named and the deadline exceeded", err)
	}
}

func TestAwaitReturnsWhenTheWorkIsOver(t *testing.T) {
	over := make(chan struct{})
	go func() { time.Sleep(10 * time.Millisecond); close(over) }()
	if err := Await(context.Background(), "work", func() { <-over }); err != nil {
		t.Fatalf("Await = %v", err)
	}
}

func TestAwaitGivesUpAtTheDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	never := make(chan struct{})
	defer close(never)
	err := Await(ctx, "pool close", func() { <-never })
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "pool close") {
		t.Fatalf("Await = %v, want the deadline named", err)
	}
}
