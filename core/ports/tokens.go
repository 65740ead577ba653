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

// AppTokenChecker reads an OAuth access token, by the SHA-256 of the token
// (tokens are stored hashed): its app, member and scopes, when it is
// neither revoked nor expired and its member is not suspended. The
// authenticator asks it for every request that carries such a token (or
// its session cache does, for a few seconds at most).
type AppTokenChecker interface {
	AppViewer(ctx context.Context, tokenHash []byte) (AppAccess, bool, error)
}

// AppAccess is what a live app token grants: the viewer it acts as, until
// it expires.
type AppAccess struct {
	Viewer    domain.Viewer
	ExpiresAt time.Time
}
