package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// ListMessages reads an active room's latest MessagesShown messages,
// oldest first, without those of members hidden from the viewer by a
// block or a mute.
type ListMessages struct{ *Rooms }

// Handle answers the messages with their authors.
func (uc *ListMessages) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) ([]Message, error) {
	if !viewer.SignedIn() {
		return nil, unauthenticated()
	}
	if _, err := uc.activeRoom(ctx, id, false); err != nil {
		return nil, err
	}
	return uc.Store.Messages(ctx, viewer.UserID, id, MessagesShown)
}
