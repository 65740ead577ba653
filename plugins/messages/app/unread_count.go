package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// UnreadCount is the viewer's unread messages over every conversation
// (the navigation's badge), but in conversations with members who block
// the viewer.
type UnreadCount struct{ *Messages }

// Handle answers the total.
func (uc *UnreadCount) Handle(ctx context.Context, viewer domain.Viewer) (int, error) {
	if !viewer.SignedIn() {
		return 0, unauthenticated()
	}
	t, err := uc.totals(ctx, viewer.UserID)
	if err != nil {
		return 0, fmt.Errorf("unread of %s: %w", viewer.UserID, err)
	}
	return t[viewer.UserID], nil
}
