package app

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// SessionRevoker ends sessions.
type SessionRevoker interface {
	// SessionOfToken is the session a refresh token (rotated or not)
	// belongs to and its member, or domain.ErrNotFound.
	SessionOfToken(ctx context.Context, hash []byte) (string, domain.UserID, error)
	Revoke(ctx context.Context, sessionID string, at time.Time, reason string) error
}

// SignOut ends the session of a refresh token and the viewer's own
// session. Signing out with no session is not an error. A signed-in
// viewer's open sockets are told to check their session at once.
type SignOut struct {
	Sessions SessionRevoker
	Clock    ports.Clock
	// Ends is nil where no gateway can be told: sockets then close at
	// their periodic session recheck.
	Ends ports.SessionEnds
}

// Handle revokes; refreshToken may be empty, viewer may be nobody.
func (uc *SignOut) Handle(ctx context.Context, refreshToken string, viewer domain.Viewer) error {
	now := uc.Clock.Now()
	var ended []domain.UserID
	if refreshToken != "" {
		id, member, err := uc.Sessions.SessionOfToken(ctx, HashSecret(refreshToken))
		switch {
		case errors.Is(err, domain.ErrNotFound):
		case err != nil:
			return fmt.Errorf("sign out: %w", err)
		default:
			if err := uc.Sessions.Revoke(ctx, id, now, RevokedSignOut); err != nil {
				return fmt.Errorf("sign out %s: %w", id, err)
			}
			ended = append(ended, member)
		}
	}
	if viewer.SignedIn() && viewer.SessionID != "" {
		if err := uc.Sessions.Revoke(ctx, viewer.SessionID, now, RevokedSignOut); err != nil {
			return fmt.Errorf("sign out %s: %w", viewer.SessionID, err)
		}
		if !slices.Contains(ended, viewer.UserID) {
			ended = append(ended, viewer.UserID)
		}
	}
	if uc.Ends != nil {
		for _, member := range ended {
			uc.Ends.SessionsEnded(ctx, member)
		}
	}
	return nil
}
