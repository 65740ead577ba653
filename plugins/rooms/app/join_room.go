package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// JoinRoom makes the viewer a participant of an active room; joining
// twice is harmless. Subscribing to room:{id} joins too (Presence).
type JoinRoom struct{ *Rooms }

// Handle answers the participant count.
func (uc *JoinRoom) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (int, error) {
	return participantCountAfter(ctx, viewer, id, uc.join)
}
