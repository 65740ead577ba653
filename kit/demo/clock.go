package demo

import (
	"context"
	"sync"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// Clock is the time the seeding stands at: each act is dated by moving it.
// The seeding command provides it as the use cases' ports.Clock.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock is a clock standing at now.
func NewClock(now time.Time) *Clock { return &Clock{now: now} }

// Set moves the clock to t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// Now is the time set last.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Silent is the broadcaster of a seeding: no socket is open while it runs.
type Silent struct{}

// Publish drops the event.
func (Silent) Publish(context.Context, string, ports.Event) error { return nil }

// Unlimited is the rate limiter of a seeding, which acts as often as its
// script says.
type Unlimited struct{}

// Take never waits.
func (Unlimited) Take(context.Context, ...ports.RateRule) (time.Duration, error) { return 0, nil }

// RebuiltLater stands for the search and timeline queues while the network
// is written: the seeding command rebuilds the whole search index once at
// the end, so that it is complete before the server starts, and each post
// takes its place in the timelines as it is written.
type RebuiltLater struct{}

// EnqueueIndex queues nothing.
func (RebuiltLater) EnqueueIndex(context.Context, ports.SearchKind, string) error { return nil }

// OnceHasher hashes the first password and answers that hash for every
// later one: the demo members share one password, and Argon2id is slow on
// purpose (forty hashes would take most of the seeding's time).
type OnceHasher struct {
	ports.PasswordHasher
	mu             sync.Mutex
	password, hash string
}

// Hash hashes password, or answers the hash already made for it.
func (h *OnceHasher) Hash(password string) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.hash != "" && password == h.password {
		return h.hash, nil
	}
	hash, err := h.PasswordHasher.Hash(password)
	if err == nil {
		h.password, h.hash = password, hash
	}
	return hash, err
}

// Unsent is the mail outbox of a seeding: the demo members' addresses are
// made up, and nobody reads their mail.
type Unsent struct{}

// Enqueue sends nothing.
func (Unsent) Enqueue(context.Context, ports.Mail) error { return nil }

// EnqueueBackfill leaves a new follow's timeline as it is: the follows are
// written before any post, so there is nothing to backfill.
func (RebuiltLater) EnqueueBackfill(context.Context, domain.UserID, domain.UserID) error { return nil }

// EnqueueRemoveAuthor changes nothing either: the script unfollows nobody.
func (RebuiltLater) EnqueueRemoveAuthor(context.Context, domain.UserID, domain.UserID) error {
	return nil
}

// Unfetched leaves the demo posts' links without a preview card: fetching
// one would reach the outside network, and the demo sites do not exist.
type Unfetched struct{}

// EnqueueLinkPreview queues nothing.
func (Unfetched) EnqueueLinkPreview(context.Context, domain.PostID) error { return nil }
