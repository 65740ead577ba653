package httpapi

import (
	"context"
	"testing"
	"time"
)

func TestAdmissionTurnsAwayWhatFindsNoPlace(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a := NewAdmission(2, 1e6, 0, time.Now)
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
	w := NewAdmission(1, 1e6, 5*time.Second, time.Now)
	leave, _ := w.Enter(ctx)
	go func() { time.Sleep(50 * time.Millisecond); leave() }()
	if _, ok := w.Enter(ctx); !ok {
		t.Fatal("a place given back within the wait is not taken")
	}
	short := NewAdmission(1, 1e6, 20*time.Millisecond, time.Now)
	short.Enter(ctx)
	start := time.Now()
	if _, ok := short.Enter(ctx); ok || time.Since(start) > 2*time.Second {
		t.Fatal("no place came free within the wait, and yet one was taken, or the wait did not end")
	}
}

func TestAdmissionKeepsToItsRate(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	a := NewAdmission(1000, 100, 0, func() time.Time { return now })
	// A second's worth at once after a quiet spell, then none.
	for i := range 100 {
		if turn, ok := a.reserve(now); !ok || turn != 0 {
			t.Fatalf("activity %d of the burst: turn %v %v", i, turn, ok)
		}
	}
	if _, ok := a.reserve(now); ok {
		t.Fatal("an activity past the burst was admitted without a wait")
	}
	// One more every hundredth of a second.
	now = now.Add(10 * time.Millisecond)
	if _, ok := a.reserve(now); !ok {
		t.Fatal("the next turn did not come after a hundredth of a second")
	}
	if _, ok := a.reserve(now); ok {
		t.Fatal("two turns came in a hundredth of a second")
	}

	// With a wait, an activity takes the turn that comes within it, and
	// the next one the turn after.
	b := NewAdmission(1000, 100, 25*time.Millisecond, func() time.Time { return now })
	for range 100 {
		b.reserve(now)
	}
	for i, want := range []time.Duration{10 * time.Millisecond, 20 * time.Millisecond} {
		if turn, ok := b.reserve(now); !ok || turn != want {
			t.Fatalf("waiting activity %d: turn %v %v, want %v", i, turn, ok, want)
		}
	}
	if _, ok := b.reserve(now); ok {
		t.Fatal("an activity whose turn comes after the wait was admitted")
	}
}
