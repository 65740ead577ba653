package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// EndOtherSessions ends every session of the viewer but the one asking,
// as EndSession ends one.
type EndOtherSessions struct {
	Sessions OwnSessionEnder
	Clock    ports.Clock
	Ends     ports.SessionEnds // as in EndSession
}

// Handle ends the others and says how many there were.
func (uc *EndOtherSessions) Handle(ctx context.Context, viewer domain.Viewer) (int, error) {
	// A token without a session (none is issued so) could not say which
	// session to keep.
	if !viewer.SignedIn() || viewer.SessionID == "" {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserSessions)
	}
	n, err := uc.Sessions.EndOthers(ctx, viewer.UserID, viewer.SessionID, uc.Clock.Now(), RevokedByMember)
	if err != nil {
		return 0, fmt.Errorf("end other sessions: %w", err)
	}
	if n > 0 && uc.Ends != nil {
		uc.Ends.SessionsEnded(ctx, viewer.UserID)
	}
	return n, nil
}
