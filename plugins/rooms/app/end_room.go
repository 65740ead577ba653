package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// EndRoom ends an active room: its host only. Subscribers get room.ended.
type EndRoom struct{ *Rooms }

// Handle ends the room.
func (uc *EndRoom) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) error {
	if !viewer.SignedIn() {
		return unauthenticated()
	}
	return uc.end(ctx, id, func(r Room) error {
		if r.HostID != viewer.UserID {
			return errs.Forbidden(CodeHostOnly, MsgHostOnlyEnd)
		}
		return nil
	})
}
