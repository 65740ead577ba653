package load

import (
	"context"
	"time"
)

// Bounded is a workload's peak and its throughput at a latency bound.
type Bounded struct {
	Peak Result `json:"peak"`
	// AtBound is the fastest open-loop run whose p99 stayed within the
	// bound (or the slowest tried, with Met false, when none did).
	AtBound Result   `json:"at_bound"`
	BoundMS float64  `json:"bound_ms"`
	Met     bool     `json:"met"`
	Tried   []Result `json:"tried"`
}

// Fractions of the closed-loop peak tried in turn as open-loop rates.
var Fractions = []float64{0.9, 0.7, 0.5, 0.3, 0.1}

// AtBound finds the peak with workers in a closed loop, then runs open
// loops at falling fractions of it (Fractions when nil) until one keeps
// p99 within bound.
func AtBound(ctx context.Context, workers int, d, bound time.Duration, fractions []float64, op Op) Bounded {
	if fractions == nil {
		fractions = Fractions
	}
	b := Bounded{BoundMS: ms(bound)}
	b.Peak = Closed(ctx, workers, d, op)
	if b.Peak.Throughput <= 0 {
		return b
	}
	for _, f := range fractions {
		r := Open(ctx, b.Peak.Throughput*f, d, 2*time.Second, op)
		b.Tried = append(b.Tried, r)
		b.AtBound = r
		// A rate too low to schedule one request in d proves nothing.
		if r.Errors == 0 && r.Requests > r.Errors && r.P99 <= b.BoundMS {
			b.Met = true
			break
		}
		if ctx.Err() != nil {
			break
		}
	}
	return b
}
