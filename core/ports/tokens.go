package ports

import (
	"time"

	"social/core/domain"
)

// AccessTokens issues the short-lived bearer tokens of a session: the
// viewer's member, role and session (refresh-token family).
type AccessTokens interface {
	Issue(v domain.Viewer) (token string, expiresAt time.Time, err error)
}
