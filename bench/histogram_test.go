package bench

import (
	"math"
	"testing"
)

func TestHistogramQuantileInterpolatesInsideItsBucket(t *testing.T) {
	before := histogram{0.01: 5, 0.05: 5, math.Inf(1): 5}
	after := histogram{0.01: 55, 0.05: 105, math.Inf(1): 105}
	h := after.since(before) // 50 up to 10 ms, 50 between 10 and 50 ms
	if h.count() != 100 {
		t.Fatalf("count = %v", h.count())
	}
	for _, c := range []struct{ q, want float64 }{{0.5, 0.01}, {0.25, 0.005}, {0.75, 0.03}, {0.99, 0.0492}} {
		if got := h.quantile(c.q); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("quantile(%v) = %v, want %v", c.q, got, c.want)
		}
	}
	if got := (histogram{0.01: 0, math.Inf(1): 3}).quantile(0.5); !math.IsInf(got, 1) {
		t.Errorf("a quantile past the last bound = %v, want +Inf", got)
	}
}
