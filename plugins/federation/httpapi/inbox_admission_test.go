package httpapi

import (
	"context"
	"testing"
	"time"
)

func TestAdmissionTurnsAwayWhatFindsNoPlace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := NewAdmission(2, 0)
	leave1, ok1 := a.Enter(ctx)
	_, ok2 := a.Enter(ctx)
	if !ok1 || !ok2 {
		t.Fatal("the first two are admitted")
	}
	if _, ok := a.Enter(ctx); ok {
		t.Fatal("a third is admitted while two are in")
	}
	leave1()
	if _, ok := a.Enter(ctx); !ok {
		t.Fatal("a place given back is taken again")
	}

	// With a wait, a place given back within it is taken.
	w := NewAdmission(1, 5*time.Second)
	leave, _ := w.Enter(ctx)
	go func() { time.Sleep(50 * time.Millisecond); leave() }()
	if _, ok := w.Enter(ctx); !ok {
		t.Fatal("a place given back within the wait is not taken")
	}
	short := NewAdmission(1, 20*time.Millisecond)
	short.Enter(ctx)
	start := time.Now()
	if _, ok := short.Enter(ctx); ok || time.Since(start) > 2*time.Second {
		t.Fatal("no place came free within the wait, and yet one was taken, or the wait did not end")
	}
}
