package app

import (
	"context"

	"social/core/domain"
	"social/core/ports"
)

// UnmuteMember ends the viewer's mute of a member; unmuting someone not
// muted is no error.
type UnmuteMember struct {
	Mutes  MuteWriter
	Access ports.AccessChanges
}

// Handle unmutes handle as viewer.
func (uc *UnmuteMember) Handle(ctx context.Context, viewer domain.Viewer, handle string) (MuteOutcome, error) {
	other, err := target(ctx, uc.Mutes, viewer, handle, CodeMuteSelf, MsgMuteSelf)
	if err != nil {
		return MuteOutcome{}, err
	}
	deleted, err := uc.Mutes.Unmute(ctx, viewer.UserID, other)
	if err == nil && deleted && uc.Access != nil {
		uc.Access.MemberAccessChanged(ctx, viewer.UserID)
	}
	return MuteOutcome{Changed: deleted}, writeError("unmute", viewer.UserID, other, err)
}
