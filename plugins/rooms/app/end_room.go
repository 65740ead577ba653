package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	moderation "social/features/moderation/app"
)

// EndRoom ends an active room: its host only. Subscribers get room.ended.
type EndRoom struct{ *Rooms }

// Handle ends the room.
func (uc *EndRoom) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) error {
	if !viewer.SignedIn() {
		return unauthenticated()
	}
	return uc.end(ctx, id, func(_ context.Context, r Room) error {
		if r.HostID != viewer.UserID {
			return errs.Forbidden(CodeHostOnly, MsgHostOnlyEnd)
		}
		return nil
	})
}

// EndRoomAsAdmin is an administrator ending any active room, for a
// reason kept in the audit log with the room's name and host.
type EndRoomAsAdmin struct {
	*Rooms
	Audit ports.AuditLog
}

// Handle ends the room.
func (uc *EndRoomAsAdmin) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, why string) error {
	if err := moderation.RequireAdmin(viewer); err != nil {
		return err
	}
	reason, err := moderation.Reason(why)
	if err != nil {
		return err
	}
	return uc.end(ctx, id, func(ctx context.Context, r Room) error {
		return uc.Audit.Record(ctx, domain.AuditEntry{Action: "room.end", TargetType: "room", TargetID: id.String(),
			Reason: &reason, At: uc.Clock.Now(),
			Details: map[string]any{"name": r.Name, "host_id": r.HostID.String()}}.ActorOf(viewer))
	})
}
