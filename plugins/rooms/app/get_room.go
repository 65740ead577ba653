package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// GetRoom reads one active room; an ended one, and one whose host is in a
// block relation with the viewer, is not found; a banned member is refused.
type GetRoom struct{ *Rooms }

// Handle answers the room with its host.
func (uc *GetRoom) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Room, error) {
	if !viewer.SignedIn() {
		return Room{}, unauthenticated()
	}
	return uc.roomFor(ctx, id, viewer.UserID, false)
}
