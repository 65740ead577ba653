package app

import (
	"context"

	"social/core/domain"
)

// Unsubscribe removes the current session's device subscription.
type Unsubscribe struct{ Store Subscriptions }

// Handle is idempotent: a session without a subscription is fine. It works
// with push switched off too, so a device can always leave.
func (uc *Unsubscribe) Handle(ctx context.Context, viewer domain.Viewer) error {
	session, err := sessionOf(viewer, true)
	if err != nil {
		return err
	}
	return uc.Store.DeleteBySession(ctx, session)
}
