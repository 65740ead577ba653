package app

import (
	"context"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
)

// Subscription is one device's push subscription.
type Subscription struct {
	ID        uuid.UUID
	SessionID uuid.UUID
	AccountID domain.UserID
	Endpoint  string
	P256DH    []byte
	Auth      []byte
	Alerts    []Alert
	Policy    Policy
	CreatedAt time.Time
	UpdatedAt time.Time
}

// On reports whether alert a is on.
func (s Subscription) On(a Alert) bool {
	for _, x := range s.Alerts {
		if x == a {
			return true
		}
	}
	return false
}

// Subscriptions keeps devices' subscriptions.
type Subscriptions interface {
	// Save stores s as its session's subscription, replacing the one the
	// session had and taking its endpoint from any other.
	Save(ctx context.Context, s Subscription) error
	// BySession reads the subscription of a session (domain.ErrNotFound).
	BySession(ctx context.Context, session uuid.UUID) (Subscription, error)
	// DeleteBySession removes a session's subscription, if any.
	DeleteBySession(ctx context.Context, session uuid.UUID) error
	// Targets are recipient's devices whose alert is on, whose session
	// is live and whose policy lets actor's acts through (zero actor:
	// the service itself, which every policy but none lets through).
	Targets(ctx context.Context, recipient, actor domain.UserID, alert Alert) ([]Subscription, error)
	// StaffTargets are the live devices of moderators and administrators
	// with the moderation alert on.
	StaffTargets(ctx context.Context) ([]Subscription, error)
	// Live reads subscription id if its session is still live.
	Live(ctx context.Context, id uuid.UUID) (Subscription, bool, error)
	// Delete removes subscription id (the push service said it is gone).
	Delete(ctx context.Context, id uuid.UUID) error
}

// Claim is what Deliveries.Claim decided about a job's push.
type Claim int

// A job's push: send it, it was already sent (a retried job), or the
// member's cap for the minute is reached.
const (
	ClaimSend Claim = iota
	ClaimSent
	ClaimCapped
)

// Deliveries counts the pushes sent, by job and by member.
type Deliveries interface {
	// Claim reserves job's push within member's cap of perMinute pushes
	// a minute (counted across nodes), unless the job already sent it.
	Claim(ctx context.Context, job int64, member domain.UserID, perMinute int, now time.Time) (Claim, error)
	// Sent marks job's push sent.
	Sent(ctx context.Context, job int64) error
	// Release gives a reservation back (the push was not sent).
	Release(ctx context.Context, job int64) error
}

// KeyStore keeps the server's VAPID key when none is configured.
type KeyStore interface {
	// Keep stores candidate unless a key is stored, and returns the one
	// stored: every node ends up with the first node's key.
	Keep(ctx context.Context, candidate []byte, now time.Time) ([]byte, error)
}

// Job is one push to one device, as queued.
type Job struct {
	Subscription uuid.UUID
	Recipient    domain.UserID
	Alert        Alert
	// Topic collapses pushes: one per device and topic within the
	// collapse window.
	Topic string
	// Notification is the notification pushed (the alerts the
	// notifications feature records), read again when sent.
	Notification *domain.NotificationID
	// Content is what to push for the others (a message, a report),
	// decided by the feature that enqueued it.
	Content *Content
	At      time.Time
}

// Queue enqueues push jobs in the transaction of ctx; a job whose device
// and topic already had one within window is dropped.
type Queue interface {
	Enqueue(ctx context.Context, jobs []Job, window time.Duration) error
}
