package ports

import (
	"context"
	"time"

	"social/core/domain"
)

// IdempotentAnswer is what a member's Idempotency-Key holds: nothing yet
// while its first request runs (Done false), then that request's
// fingerprint and answer.
type IdempotentAnswer struct {
	Done        bool
	Fingerprint []byte
	Status      int
	ContentType string
	Body        []byte
}

// IdempotencyKeys stores the keys of creating requests, per member, so that
// a retry answers the first answer instead of creating twice.
type IdempotencyKeys interface {
	// Claim takes (member, key) for a first request and returns true; when
	// the key is taken it returns false and what the key holds. A key past
	// its expiry, or claimed by a request that never finished (a process
	// gone) longer than abandonAfter ago, is taken again.
	Claim(ctx context.Context, member domain.UserID, key string, abandonAfter time.Duration) (bool, IdempotentAnswer, error)
	// Finish stores the first request's fingerprint and answer.
	Finish(ctx context.Context, member domain.UserID, key string, a IdempotentAnswer) error
	// Release frees a key whose request failed on the server's side, so
	// that a retry runs again.
	Release(ctx context.Context, member domain.UserID, key string) error
}
