package app

import (
	"context"

	"social/core/domain"
)

// Deliverer sends activities to other servers' inboxes. Sending is a job:
// Deliver only queues, in the transaction ctx carries when there is one,
// so an activity goes out if and only if the change it tells of commits.
// Each inbox gets the activity once, signed with the signer's key
// (domain.UserID of a local member, or SiteActorID), retried with backoff while its host
// is down.
type Deliverer interface {
	Deliver(ctx context.Context, signer domain.UserID, activity []byte, inboxes []string) error
}
