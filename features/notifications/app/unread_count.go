package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// CountUnread is the navigation badge.
type CountUnread struct{ Store UnreadCounter }

// Handle counts the viewer's unread notifications.
func (uc *CountUnread) Handle(ctx context.Context, viewer domain.Viewer) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	n, err := uc.Store.Unread(ctx, viewer.UserID)
	if err != nil {
		return 0, fmt.Errorf("count unread of %s: %w", viewer.UserID, err)
	}
	return n, nil
}
