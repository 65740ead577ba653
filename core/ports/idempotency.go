package ports

import (
	"context"
	"errors"
	"time"

	"social/core/domain"
)

// IdempotentAnswer is what a member's Idempotency-Key holds: nothing yet
// while its first request runs (Done false), then that request's
// fingerprint and answer. Applied says the first request committed its
// write but ended without storing an answer (the database went away
// around its commit, or its process died): a retry must not write again.
type IdempotentAnswer struct {
	Done        bool
	Applied     bool
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
	// gone) longer than abandonAfter ago, is taken again, unless that
	// request committed its write (MarkCommitted): the key then answers
	// Applied.
	Claim(ctx context.Context, member domain.UserID, key string, abandonAfter time.Duration) (bool, IdempotentAnswer, error)
	// MarkCommitted records, in the transaction ctx carries, that the
	// request holding (member, key) committed its write. It fails when
	// this process no longer holds the claim (a retry took it over), so
	// that the write rolls back instead of happening twice.
	MarkCommitted(ctx context.Context, member domain.UserID, key string) error
	// Finish stores the first request's fingerprint and answer. A store
	// that cannot be reached keeps trying in the background for a while
	// (the error is still returned).
	Finish(ctx context.Context, member domain.UserID, key string, a IdempotentAnswer) error
	// Release frees a key whose request failed on the server's side, so
	// that a retry runs again; a key whose write committed is not freed
	// but ends Applied. Retried in the background as Finish is.
	Release(ctx context.Context, member domain.UserID, key string) error
}

// ErrIdempotencyClaimLost is MarkCommitted's refusal when another process
// took the key over: the write it was to record must not commit.
var ErrIdempotencyClaimLost = errors.New("idempotency key claimed by another request")
