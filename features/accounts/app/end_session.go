package app

import (
	"context"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// OwnSessionEnder ends a member's own live sessions.
type OwnSessionEnder interface {
	// EndOwn is false when the member has no such live session.
	EndOwn(ctx context.Context, accountID domain.UserID, sessionID string, at time.Time, reason string) (bool, error)
	// EndOthers ends every live session of the member but keep.
	EndOthers(ctx context.Context, accountID domain.UserID, keep string, at time.Time, reason string) (int, error)
}

// EndSession ends one of the viewer's own sessions, from their list: its
// refresh token is refused from then on, its access tokens at their next
// request, and its sockets are closed at once. Another member's session,
// an ended one and an unknown ID are all "not found" alike.
type EndSession struct {
	Sessions OwnSessionEnder
	Clock    ports.Clock
	// Ends is nil where no gateway can be told: sockets then close at
	// their periodic session recheck.
	Ends ports.SessionEnds
}

// Handle ends sessionID.
func (uc *EndSession) Handle(ctx context.Context, viewer domain.Viewer, sessionID string) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgNoUserSessions)
	}
	ended, err := uc.Sessions.EndOwn(ctx, viewer.UserID, sessionID, uc.Clock.Now(), RevokedByMember)
	if err != nil {
		return fmt.Errorf("end session: %w", err)
	}
	if !ended {
		return errs.NotFound(CodeSessionNotFound, MsgSessionNotFound)
	}
	if uc.Ends != nil {
		uc.Ends.SessionsEnded(ctx, viewer.UserID)
	}
	return nil
}
