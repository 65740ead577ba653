package ports

import (
	"context"
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
