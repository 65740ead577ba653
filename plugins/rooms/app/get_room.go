package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// GetRoom reads one active room; an ended one is not found.
type GetRoom struct{ *Rooms }

// Handle answers the room with its host.
func (uc *GetRoom) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Room, error) {
	if !viewer.SignedIn() {
		return Room{}, unauthenticated()
	}
	return uc.activeRoom(ctx, id, false)
}
