package app

import (
	"context"
	"crypto/subtle"
	"errors"
	"time"

	"social/core/domain"
)

// OAuth 2 (RFC 6749) for the apps members use: an app registers, a member
// authorizes it for some scopes, it trades the code for an access token
// that acts for the member within those scopes. Codes, secrets and tokens
// are newSecret's: 32 random bytes, stored as SHA-256.

// Lifetimes of what the authorization server hands out.
const (
	// OAuthCodeTTL is how long an authorization code may be traded.
	OAuthCodeTTL = 10 * time.Minute
	// OAuthAccessTTL is an access token's life. Mastodon's never end;
	// ours do, and the app refreshes (refresh_token) or asks again.
	OAuthAccessTTL = 90 * 24 * time.Hour
	// OAuthRefreshTTL is a refresh token's life from its issue: an app
	// unused this long asks the member again.
	OAuthRefreshTTL = 365 * 24 * time.Hour
	// OAuthUseInterval: a token's last use is recorded at most this often.
	OAuthUseInterval = time.Minute
)

// OOB is the redirect URI of an app that cannot receive a redirect: the
// code is shown to the member, who copies it into the app.
const OOB = "urn:ietf:wg:oauth:2.0:oob"

// OAuthApp is a registered app (a client, in RFC 6749's words).
type OAuthApp struct {
	ID           string
	ClientID     string
	Name         string
	Website      string // "" when none
	RedirectURIs []string
	Scopes       domain.Scopes
	CreatedAt    time.Time
}

// OAuthCode is an authorization code as stored (Hash, never the code).
type OAuthCode struct {
	Hash            []byte
	AppID           string
	AccountID       domain.UserID
	RedirectURI     string
	Scopes          domain.Scopes
	Challenge       string
	ChallengeMethod string // "", "S256" or "plain"
	CreatedAt       time.Time
	ExpiresAt       time.Time
	UsedAt          *time.Time
}

// OAuthToken is an access token and its refresh token as stored.
type OAuthToken struct {
	ID               string
	Hash             []byte
	RefreshHash      []byte // nil for client credentials
	AppID            string
	AccountID        domain.UserID // zero for client credentials
	Scopes           domain.Scopes
	FromCode         []byte
	AuthorizedAt     time.Time // when the member authorized the app (kept across refreshes)
	CreatedAt        time.Time
	ExpiresAt        time.Time
	RefreshExpiresAt *time.Time
	RevokedAt        *time.Time
}

// IssuedToken is what the token endpoint answers.
type IssuedToken struct {
	AccessToken  string
	RefreshToken string // "" for client credentials
	Scopes       domain.Scopes
	CreatedAt    time.Time
	ExpiresIn    time.Duration
}

// ConnectedApp is an app a member authorized and has not revoked.
type ConnectedApp struct {
	AppID        string
	Name         string
	Website      string
	Scopes       domain.Scopes
	AuthorizedAt time.Time
	LastUsedAt   *time.Time
}

// Why a token ended (oauth_tokens.revoked_reason).
const (
	OAuthRevokedRefreshed  = "refreshed"
	OAuthRevokedByApp      = "revoked_by_app"
	OAuthRevokedByMember   = "revoked_by_member"
	OAuthRevokedCodeReused = "code_reused"
)

// ErrCodeUsed is the store's answer for a code already traded.
var ErrCodeUsed = errors.New("authorization code already used")

// OAuthApps stores the registered apps.
type OAuthApps interface {
	CreateApp(ctx context.Context, app OAuthApp, secretHash []byte) error
	// AppByClientID is the app and its secret's hash, or domain.ErrNotFound.
	AppByClientID(ctx context.Context, clientID string) (OAuthApp, []byte, error)
	// AppByID is an app, or domain.ErrNotFound.
	AppByID(ctx context.Context, id string) (OAuthApp, error)
}

// OAuthGrants stores codes and tokens.
type OAuthGrants interface {
	SaveCode(ctx context.Context, code OAuthCode) error
	// UseCode marks a code used and returns it; a code already used
	// answers ErrCodeUsed (with the code), an unknown one domain.ErrNotFound.
	UseCode(ctx context.Context, hash []byte, at time.Time) (OAuthCode, error)
	CreateToken(ctx context.Context, t OAuthToken) error
	// LockRefresh reads the token a refresh token belongs to and locks
	// its row until the transaction of ctx ends, or domain.ErrNotFound.
	LockRefresh(ctx context.Context, refreshHash []byte) (OAuthToken, error)
	RevokeToken(ctx context.Context, id string, at time.Time, reason string) error
	// RevokeByHash ends the token of appID whose access or refresh token
	// hashes to hash; an unknown one is no error.
	// It returns the token's member (zero when none was ended).
	RevokeByHash(ctx context.Context, appID string, hash []byte, at time.Time, reason string) (domain.UserID, error)
	// RevokeFromCode ends every token a code was traded for.
	RevokeFromCode(ctx context.Context, codeHash []byte, at time.Time, reason string) error
	ConnectedApps(ctx context.Context, member domain.UserID, now time.Time) ([]ConnectedApp, error)
	// RevokeApp ends every live token of member for appID, and says how many.
	RevokeApp(ctx context.Context, member domain.UserID, appID string, at time.Time, reason string) (int, error)
}

// sameSecret compares a presented secret's hash with a stored one in
// constant time.
func sameSecret(presented string, stored []byte) bool {
	return subtle.ConstantTimeCompare(HashSecret(presented), stored) == 1
}
