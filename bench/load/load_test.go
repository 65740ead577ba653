package load

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestPercentileIsTheNearestRank(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i)*time.Millisecond)
	}
	for p, want := range map[float64]time.Duration{50: 50 * time.Millisecond, 99: 99 * time.Millisecond,
		100: 100 * time.Millisecond, 0: time.Millisecond} {
		if got := Percentile(d, p); got != want {
			t.Errorf("p%v = %v, want %v", p, got, want)
		}
	}
	if Percentile(nil, 99) != 0 {
		t.Error("empty set")
	}
}

// Failed requests are counted apart and never in the latencies.
func TestClosedCountsFailuresApart(t *testing.T) {
	var mu sync.Mutex
	seen := map[int]bool{}
	res := Closed(context.Background(), 3, 200*time.Millisecond, func(_ context.Context, i int) error {
		mu.Lock()
		defer mu.Unlock()
		if seen[i] {
			t.Errorf("request %d issued twice", i)
		}
		seen[i] = true
		if i%2 == 1 {
			return errors.New("odd")
		}
		return nil
	})
	if res.Requests == 0 || res.Errors == 0 || res.Errors > res.Requests/2+3 || res.FirstError != "odd" || res.Workers != 3 {
		t.Fatalf("%+v", res)
	}
}

// A stall delays every request queued behind it, and the open loop counts
// that wait from each request's intended start: 100 requests meant for the
// first 100 ms all wait behind one that holds the lock for 100 ms, so half
// of them waited at least 50 ms however fast the rest is.
func TestOpenMeasuresFromTheIntendedStart(t *testing.T) {
	var mu sync.Mutex
	first := make(chan struct{})
	var once sync.Once
	res := Open(context.Background(), 1000, 100*time.Millisecond, 5*time.Second, func(_ context.Context, i int) error {
		if i == 0 {
			mu.Lock()
			once.Do(func() { close(first) })
			time.Sleep(100 * time.Millisecond)
			mu.Unlock()
			return nil
		}
		<-first
		mu.Lock()
		mu.Unlock() //nolint:staticcheck // waiting for the stall is the point
		return nil
	})
	if res.Requests != 100 || res.Errors != 0 || res.Rate != 1000 {
		t.Fatalf("%+v", res)
	}
	if res.P50 < 45 || res.Max < 100 {
		t.Fatalf("latency hides the stall: p50 %v ms, max %v ms", res.P50, res.Max)
	}
}

// A tenth of a peak of four a second, for one second, rounds to no
// request at all; the step must still measure one.
func TestOpenStartsAtLeastOneRequest(t *testing.T) {
	var calls atomic.Int64
	res := Open(context.Background(), 0.4, time.Second, time.Second, func(context.Context, int) error {
		calls.Add(1)
		return nil
	})
	if calls.Load() != 1 || res.Requests != 1 {
		t.Fatalf("%d calls, %+v", calls.Load(), res)
	}
}
