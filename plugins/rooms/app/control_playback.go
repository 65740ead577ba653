package app

import (
	"context"
	"math"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// Playback actions of the host.
const (
	ActionPlay  = "play"
	ActionPause = "pause"
	ActionSeek  = "seek"
)

// ControlPlayback is the host's play, pause or seek in a room that is not
// radio (a radio room plays live: nothing to control). Everyone in the
// room gets room.playback and follows.
type ControlPlayback struct{ *Rooms }

// Handle stores the state and answers the event sent.
func (uc *ControlPlayback) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, action string, position float64) (PlaybackEvent, error) {
	if !viewer.SignedIn() {
		return PlaybackEvent{}, unauthenticated()
	}
	ev := PlaybackEvent{Action: action, PositionSeconds: position, At: uc.Clock.Now()}
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		room, err := uc.activeRoom(ctx, id, true)
		if err != nil {
			return err
		}
		if room.HostID != viewer.UserID {
			return errs.Forbidden(CodeHostOnly, MsgHostOnly)
		}
		if room.Radio() {
			return errs.Invalid(CodeRadioLive, MsgRadioLive, nil)
		}
		playing := room.IsPlaying
		switch action {
		case ActionPlay:
			playing = true
		case ActionPause:
			playing = false
		case ActionSeek:
		default:
			return errs.Invalid(CodeInvalid, MsgBadPlayback, map[string]string{"action": MsgBadPlayback})
		}
		if position < 0 || math.IsNaN(position) || math.IsInf(position, 0) || position > 86400 {
			return errs.Invalid(CodeInvalid, MsgBadPlayback, map[string]string{"position_seconds": MsgBadPlayback})
		}
		return uc.Store.SetPlayback(ctx, id, playing, position, ev.At)
	})
	if err != nil {
		return PlaybackEvent{}, err
	}
	uc.publish(ctx, id, EventPlayback, ev)
	return ev, nil
}
