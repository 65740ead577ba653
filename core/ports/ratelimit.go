package ports

import (
	"context"
	"sync"
	"time"
)

// RateRule allows Limit attempts per Window for one key of one bucket
// ("sign_in_email", "maria@example.com").
type RateRule struct {
	Bucket string
	Key    string
	Limit  int
	Window time.Duration
}

// RateLimiter counts attempts in shared storage, so that limits hold across
// restarts and nodes. Take records one attempt against every rule when all
// of them allow it and returns 0; otherwise it records nothing and returns
// how long until they would all allow it. It never joins the caller's
// transaction: an attempt counts even when the action then fails.
type RateLimiter interface {
	Take(ctx context.Context, rules ...RateRule) (retryAfter time.Duration, err error)
}

// RateUsage is what one rule of a Take left: Remaining attempts, and Reset,
// how long until one more is allowed.
type RateUsage struct {
	Rule      RateRule
	Remaining int
	Reset     time.Duration
}

// RateReport collects the usage of every rule a request's Takes counted
// against, so that the answer can tell the client (RateLimit headers).
// A limiter adds to the one in the context, if any.
type RateReport struct {
	mu    sync.Mutex
	usage []RateUsage
}

type rateReportKey struct{}

// WithRateReport returns ctx carrying a new, empty report.
func WithRateReport(ctx context.Context) (context.Context, *RateReport) {
	r := &RateReport{}
	return context.WithValue(ctx, rateReportKey{}, r), r
}

// RateReportFrom is the report in ctx, or nil.
func RateReportFrom(ctx context.Context) *RateReport {
	r, _ := ctx.Value(rateReportKey{}).(*RateReport)
	return r
}

// Add records u (a later Take of the same bucket replaces the earlier).
func (r *RateReport) Add(u RateUsage) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range r.usage {
		if r.usage[i].Rule.Bucket == u.Rule.Bucket {
			r.usage[i] = u
			return
		}
	}
	r.usage = append(r.usage, u)
}

// Usage is what was recorded, in order.
func (r *RateReport) Usage() []RateUsage {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]RateUsage(nil), r.usage...)
}
