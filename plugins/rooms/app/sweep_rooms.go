package app

import (
	"context"
	"time"

	"social/core/errs"
)

// SweepRooms removes the participants not seen for Stale (no socket kept
// them: a node died, or they joined over HTTP and never connected) and
// ends the active rooms left without participants for IdleAfter.
type SweepRooms struct {
	*Rooms
	Stale     time.Duration
	IdleAfter time.Duration
}

// sweepBatch bounds one pass.
const sweepBatch = 500

// Handle answers how many participants left and rooms ended.
func (uc *SweepRooms) Handle(ctx context.Context) (left, ended int, err error) {
	now := uc.Clock.Now()
	if err := uc.Store.ForgetNodes(ctx, now.Add(-uc.Stale)); err != nil {
		return 0, 0, err
	}
	stale, err := uc.Store.Stale(ctx, now.Add(-uc.Stale), sweepBatch)
	if err != nil {
		return 0, 0, err
	}
	for _, p := range stale {
		_, ok, err := uc.leave(ctx, p.RoomID, p.UserID)
		if err != nil {
			return left, 0, err
		}
		if ok {
			left++
		}
	}
	idle, err := uc.Store.Idle(ctx, now.Add(-uc.IdleAfter), sweepBatch)
	if err != nil {
		return left, 0, err
	}
	for _, id := range idle {
		err := uc.end(ctx, id, func(_ context.Context, r Room) error {
			if r.ParticipantCount > 0 {
				return errSkip
			}
			return nil
		})
		if e, ok := errs.As(err); err == errSkip || ok && e.Kind == errs.KindNotFound {
			continue
		}
		if err != nil {
			return left, ended, err
		}
		ended++
	}
	return left, ended, nil
}

var errSkip = errf("room no longer idle")
