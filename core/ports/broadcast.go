package ports

import (
	"context"

	"social/core/domain"
)

// Event is something that happened, told to the members subscribed to a
// realtime topic. Data is encoded as JSON.
type Event struct {
	Type string
	Data any
	// About is the members the event comes from or speaks of (a post's
	// author, a chat line's writer). A subscriber hidden from one of them by
	// a block (either way), or who mutes one, does not receive it. Never
	// sent to clients.
	About []domain.UserID
}

// Broadcaster publishes events to a realtime topic ("feed:public",
// "post:{id}", "user:{id}:notifications", a plugin's "<prefix>:{id}").
// Delivery is best effort and at most once: a client that misses events
// (a slow one is disconnected) resyncs over HTTP, so publish after the
// transaction commits, never inside it.
type Broadcaster interface {
	Publish(ctx context.Context, topic string, event Event) error
}

// SessionEnds tells every node that sessions of a member were revoked
// (sign-out, suspension, a password reset), so that the member's open
// sockets check their session at once instead of at the next periodic
// recheck. Best effort, after the transaction commits: the periodic
// recheck stays the guarantee, so a lost notice only delays the close.
type SessionEnds interface {
	SessionsEnded(ctx context.Context, user domain.UserID)
}
