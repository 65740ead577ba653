package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// LeaveRoom removes the viewer from a room at once ('Sair'); leaving a
// room one is not in changes nothing.
type LeaveRoom struct{ *Rooms }

// Handle answers the participant count.
func (uc *LeaveRoom) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (int, error) {
	return participantCountAfter(ctx, viewer, id, uc.leave)
}
