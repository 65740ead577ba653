package ports

import (
	"context"
	"time"

	"social/core/domain"
)

// AccessTokens issues the short-lived bearer tokens of a session: the
// viewer's member, role and session (refresh-token family).
type AccessTokens interface {
	Issue(v domain.Viewer) (token string, expiresAt time.Time, err error)
}

// SessionChecker tells whether an access token's session is still live and
// the member's current role; the authenticator asks it on every request.
type SessionChecker interface {
	ActiveRole(ctx context.Context, sessionID string, accountID domain.UserID) (domain.Role, bool, error)
}
