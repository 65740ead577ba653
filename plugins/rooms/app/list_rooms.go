package app

import (
	"context"

	"social/core/domain"
)

// ListRooms lists the active rooms, newest first (every room is public).
type ListRooms struct{ *Rooms }

// Handle answers at most RoomsShown rooms.
func (uc *ListRooms) Handle(ctx context.Context, viewer domain.Viewer) ([]Room, error) {
	if !viewer.SignedIn() {
		return nil, unauthenticated()
	}
	return uc.Store.ActiveRooms(ctx, RoomsShown)
}
