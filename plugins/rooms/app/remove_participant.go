package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// RemoveParticipant is the host taking a participant out of their room:
// removed, the member leaves now and may join again; banned, they may not
// come back to this room. Either way their live subscription to the room
// ends at once (their socket is told room.participant_removed first).
type RemoveParticipant struct{ *Rooms }

// Handle takes target out of room id and answers the participant count.
func (uc *RemoveParticipant) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, target domain.UserID, ban bool) (int, error) {
	if !viewer.SignedIn() {
		return 0, unauthenticated()
	}
	now := uc.Clock.Now()
	var count int
	var profile domain.MemberCard
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		room, err := uc.activeRoom(ctx, id, true)
		if err != nil {
			return err
		}
		if room.HostID != viewer.UserID {
			return errs.Forbidden(CodeHostOnly, MsgHostOnlyRemove)
		}
		if target == room.HostID {
			return errs.Invalid(CodeCannotRemoveHost, MsgCannotRemoveHost, nil)
		}
		removed, err := uc.Store.RemoveParticipant(ctx, id, target)
		if err != nil {
			return err
		}
		if !removed {
			return errs.NotFound(CodeNotParticipant, MsgNotParticipant)
		}
		if err := uc.Store.Exclude(ctx, id, target, ban, now); err != nil {
			return err
		}
		if count, err = uc.Store.Recount(ctx, id, now); err != nil {
			return err
		}
		profile, err = uc.Store.Card(ctx, target)
		return err
	})
	if err != nil {
		return 0, err
	}
	uc.publish(ctx, id, EventParticipantRemoved, RemovedEvent{UserID: target.String(), Banned: ban})
	uc.publish(ctx, id, EventParticipantLeft, ParticipantEvent{UserID: target.String(), ParticipantCount: count, Profile: uc.eventProfile(ctx, profile)})
	uc.publishList(ctx, EventCounted, CountEvent{RoomID: id.String(), ParticipantCount: count})
	if uc.Access != nil {
		// The member's subscription to the room is authorized again, and
		// refused: the gateway ends it with "revoked".
		uc.Access.MemberAccessChanged(ctx, target)
	}
	return count, nil
}
