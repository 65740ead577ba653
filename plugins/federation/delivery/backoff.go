package delivery

import (
	"math/rand/v2"
	"time"
)

// Backoff's schedule: the first retry a minute after the first failure,
// each next one twice as late, none further apart than the cap.
const (
	firstRetry = time.Minute
	retryCap   = 12 * time.Hour
)

// Backoff is the wait after failed attempt number attempt (1 for the
// first): 1, 2, 4 ... 512 minutes, then 12 hours, so that MaxAttempts
// attempts span about five days. A few percent more at random keep the
// deliveries a host missed while down from all coming back at once.
func Backoff(attempt int) time.Duration {
	d := retryCap
	if attempt < 1 {
		attempt = 1
	}
	if attempt <= 16 {
		d = min(firstRetry<<(attempt-1), retryCap)
	}
	return d + time.Duration(rand.Int64N(int64(d/20)+1))
}

// Span is the longest time between a delivery's first attempt and its
// last, without the random part: the sum of the waits between
// MaxAttempts attempts.
func Span() time.Duration {
	var total time.Duration
	for a := 1; a < MaxAttempts; a++ {
		total += min(firstRetry<<(a-1), retryCap)
	}
	return total
}
