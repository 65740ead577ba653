package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// ShownReader reads one notification as the list shows it.
type ShownReader interface {
	Shown(ctx context.Context, recipient domain.UserID, id domain.NotificationID) (domain.NotificationItem, bool, error)
}

// ShowNotification is one notification as its recipient's list would show
// it now, for the other deliveries of it (a push): what the list hides
// (blocks, mutes, muted words, a suspended sender, a retracted like) is not
// delivered either. The decision is the list's, made in one place.
type ShowNotification struct{ Store ShownReader }

// Handle reads notification id of recipient; ok is false when the list
// would not show it (or it is gone).
func (uc *ShowNotification) Handle(ctx context.Context, recipient domain.UserID, id domain.NotificationID) (Listed, bool, error) {
	it, ok, err := uc.Store.Shown(ctx, recipient, id)
	if err != nil {
		return Listed{}, false, fmt.Errorf("show notification %s: %w", id, err)
	}
	if !ok {
		return Listed{}, false, nil
	}
	return listed(it), true, nil
}
