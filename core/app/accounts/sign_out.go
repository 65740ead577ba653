package accounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// SessionRevoker ends sessions.
type SessionRevoker interface {
	// SessionOfToken is the session a refresh token (rotated or not)
	// belongs to, or domain.ErrNotFound.
	SessionOfToken(ctx context.Context, hash []byte) (string, error)
	Revoke(ctx context.Context, sessionID string, at time.Time, reason string) error
}

// SignOut ends the session of a refresh token and the viewer's own
// session. Signing out with no session is not an error.
type SignOut struct {
	Sessions SessionRevoker
	Clock    ports.Clock
}

// Handle revokes; refreshToken may be empty, viewer may be nobody.
func (uc *SignOut) Handle(ctx context.Context, refreshToken string, viewer domain.Viewer) error {
	now := uc.Clock.Now()
	if refreshToken != "" {
		id, err := uc.Sessions.SessionOfToken(ctx, HashSecret(refreshToken))
		switch {
		case errors.Is(err, domain.ErrNotFound):
		case err != nil:
			return fmt.Errorf("sign out: %w", err)
		default:
			if err := uc.Sessions.Revoke(ctx, id, now, RevokedSignOut); err != nil {
				return fmt.Errorf("sign out %s: %w", id, err)
			}
		}
	}
	if viewer.SignedIn() && viewer.SessionID != "" {
		if err := uc.Sessions.Revoke(ctx, viewer.SessionID, now, RevokedSignOut); err != nil {
			return fmt.Errorf("sign out %s: %w", viewer.SessionID, err)
		}
	}
	return nil
}
