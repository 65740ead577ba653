package app

import (
	"context"
	"time"

	"social/core/domain"
)

// Preferences keep each member's choice; a member who never chose has the
// digest off.
type Preferences interface {
	Enabled(ctx context.Context, member domain.UserID) (bool, error)
	SetEnabled(ctx context.Context, member domain.UserID, on bool, at time.Time) error
}

// Recipient is who a digest is addressed to, and whether they may get one
// at all: a confirmed e-mail, an account neither suspended nor deleted,
// and the digest on.
type Recipient struct {
	Email    string
	Name     string
	Eligible bool
}

// Digest is one member's digest of one week: its row is the claim that
// makes a second run of the week send nothing.
type Digest struct {
	Member    domain.UserID
	Week      time.Time // the Monday the week starts, UTC
	TokenHash []byte    // the unsubscribe link's token, hashed
	SentAt    time.Time
}

// Digests are the weekly digests sent.
type Digests interface {
	// Recipient reads member's address, name and eligibility; found is
	// false when the account is gone.
	Recipient(ctx context.Context, member domain.UserID) (r Recipient, found bool, err error)
	// LastSentBefore is when member's newest digest before week was made.
	LastSentBefore(ctx context.Context, member domain.UserID, week time.Time) (at time.Time, ok bool, err error)
	// Claim stores d in the transaction of ctx unless member has one for
	// that week already (then false): it waits for a concurrent claim to
	// end, so two runs never both claim.
	Claim(ctx context.Context, d Digest) (bool, error)
	// SetItems records how many notifications d told of.
	SetItems(ctx context.Context, d Digest, items int) error
	// ByToken finds the digest whose unsubscribe token hashes to hash.
	ByToken(ctx context.Context, hash []byte) (d Digest, found bool, err error)
	// Due answers up to limit members after `after` (by ID; zero for the
	// first) who may get week's digest, have none for it yet, and have an
	// unread notification since their last digest (or since `since` when
	// they never had one). The notifications are not filtered here: the
	// member's job reads them as the list shows them.
	Due(ctx context.Context, week, since time.Time, after domain.UserID, limit int) ([]domain.UserID, error)
}

// SendQueue queues the digest job of each member for week.
type SendQueue interface {
	Enqueue(ctx context.Context, week time.Time, members []domain.UserID) error
}
