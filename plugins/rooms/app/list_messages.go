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
	if _, err := uc.roomFor(ctx, id, viewer.UserID, false); err != nil {
		return nil, err
	}
	hidden, err := uc.Safety.HiddenFrom(ctx, viewer.UserID)
	if err != nil {
		return nil, err
	}
	ids := make([]domain.UserID, len(hidden))
	for i, h := range hidden {
		ids[i] = h.ID
	}
	return uc.Store.Messages(ctx, id, ids, MessagesShown)
}
