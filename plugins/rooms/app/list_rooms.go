package app

import (
	"context"
	"slices"

	"github.com/google/uuid"

	"social/core/domain"
	safety "social/features/safety/app"
)

// ListRooms lists the active rooms, newest first (every room is public),
// but those hosted by a member in a block relation with the viewer and
// those the viewer is banned from.
type ListRooms struct{ *Rooms }

// Handle answers at most RoomsShown rooms.
func (uc *ListRooms) Handle(ctx context.Context, viewer domain.Viewer) ([]Room, error) {
	if !viewer.SignedIn() {
		return nil, unauthenticated()
	}
	all, err := uc.Store.ActiveRooms(ctx, RoomsShown)
	if err != nil || len(all) == 0 {
		return all, err
	}
	hosts := make([]domain.UserID, len(all))
	ids := make([]uuid.UUID, len(all))
	for i, r := range all {
		hosts[i], ids[i] = r.HostID, r.ID
	}
	blocked, err := safety.BlockedSet(ctx, uc.Safety, viewer.UserID, hosts)
	if err != nil {
		return nil, err
	}
	banned, err := uc.Store.BannedFrom(ctx, viewer.UserID, ids)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, r := range all {
		if !blocked[r.HostID] && !slices.Contains(banned, r.ID) {
			out = append(out, r)
		}
	}
	return out, nil
}
