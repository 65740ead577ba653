package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	safety "social/features/safety/app"
)

// ListParticipants lists an active room's participants, earliest first,
// but those in a block relation with the viewer.
type ListParticipants struct{ *Rooms }

// Handle answers the participants with their profiles.
func (uc *ListParticipants) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) ([]Participant, error) {
	if !viewer.SignedIn() {
		return nil, unauthenticated()
	}
	if _, err := uc.roomFor(ctx, id, viewer.UserID, false); err != nil {
		return nil, err
	}
	all, err := uc.Store.Participants(ctx, id)
	if err != nil {
		return nil, err
	}
	ids := make([]domain.UserID, len(all))
	for i, p := range all {
		ids[i] = p.UserID
	}
	blocked, err := safety.BlockedSet(ctx, uc.Safety, viewer.UserID, ids)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, p := range all {
		if !blocked[p.UserID] {
			out = append(out, p)
		}
	}
	return out, nil
}
