package httpapi

import (
	"fmt"
	"testing"
	"time"
)

func TestSenderLimitCountsEachSenderAMinute(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 10, 0, 20, 0, time.UTC)
	l := NewSenderLimit(2, time.Minute, func() time.Time { return now })
	for i := range 2 {
		if wait := l.Take("host:a.example"); wait != 0 {
			t.Fatalf("activity %d waits %v within the allowance", i, wait)
		}
	}
	if wait := l.Take("host:a.example"); wait != 40*time.Second {
		t.Fatalf("the third activity waits %v, want the 40 s left of the minute", wait)
	}
	if wait := l.Take("host:b.example"); wait != 0 {
		t.Fatalf("another sender waits %v", wait)
	}
	now = now.Add(40 * time.Second)
	if wait := l.Take("host:a.example"); wait != 0 {
		t.Fatalf("the next minute's first activity waits %v", wait)
	}

	// Past maxSenders names in one minute, a new one waits; those counted
	// go on.
	for i := range maxSenders - 1 { // a.example is the first
		l.Take(fmt.Sprintf("host:%d.example", i))
	}
	if wait := l.Take("host:new.example"); wait == 0 {
		t.Fatal("a new sender was counted past the bound")
	}
	if wait := l.Take("host:a.example"); wait != 0 {
		t.Fatalf("a sender already counted waits %v", wait)
	}
}
