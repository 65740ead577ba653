package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// ListParticipants lists an active room's participants, earliest first.
type ListParticipants struct{ *Rooms }

// Handle answers the participants with their profiles.
func (uc *ListParticipants) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) ([]Participant, error) {
	if !viewer.SignedIn() {
		return nil, unauthenticated()
	}
	if _, err := uc.activeRoom(ctx, id, false); err != nil {
		return nil, err
	}
	return uc.Store.Participants(ctx, id)
}
