package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/ports"
	profiles "social/features/profiles/app"
)

// MuteWriter records mutes.
type MuteWriter interface {
	profiles.HandleResolver
	// Mute inserts muter's mute of muted once (created false when it
	// existed). ErrNoActorProfile when muter has no profile.
	Mute(ctx context.Context, muter, muted domain.UserID, at time.Time) (created bool, err error)
	Unmute(ctx context.Context, muter, muted domain.UserID) (deleted bool, err error)
}

// MuteOutcome is the viewer's mute of a member after a mute or unmute.
type MuteOutcome struct {
	Muted   bool
	Changed bool
}

// MuteMember makes the viewer stop seeing a member's posts and
// notifications. The muted member is not told and keeps every right.
// Muting twice is the same as once.
type MuteMember struct {
	Mutes MuteWriter
	Clock ports.Clock
	// Access has the viewer's sockets reload whom they hide.
	Access ports.AccessChanges
}

// Handle mutes handle as viewer.
func (uc *MuteMember) Handle(ctx context.Context, viewer domain.Viewer, handle string) (MuteOutcome, error) {
	other, err := target(ctx, uc.Mutes, viewer, handle, CodeMuteSelf, MsgMuteSelf)
	if err != nil {
		return MuteOutcome{}, err
	}
	created, err := uc.Mutes.Mute(ctx, viewer.UserID, other, uc.Clock.Now())
	if err == nil && created && uc.Access != nil {
		uc.Access.MemberAccessChanged(ctx, viewer.UserID)
	}
	return MuteOutcome{Muted: true, Changed: created}, writeError("mute", viewer.UserID, other, err)
}
