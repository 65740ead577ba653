package app

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Session is what a member gets on signing in: a short-lived access token
// and the refresh token that renews it until ExpiresAt.
type Session struct {
	AccessToken     string
	AccessExpiresAt time.Time
	RefreshToken    string
	ExpiresAt       time.Time // absolute end of the session
	User            SessionUser
	// DeviceToken, set by a password sign-in, goes in the social_device
	// cookie: the device is known to the member's account (SignInGuard).
	DeviceToken string
}

// SessionUser is who signed in.
type SessionUser struct {
	ID          domain.UserID
	Email       string
	Handle      string
	DisplayName string
	AvatarPath  *string
	Role        domain.Role
}

// NewSession is a session row and its first refresh token.
type NewSession struct {
	ID        string // the refresh-token family; access tokens carry it as sid
	AccountID domain.UserID
	TokenHash []byte
	CreatedAt time.Time
	ExpiresAt time.Time
	UserAgent string // capped (storedUserAgent)
	Network   string // NetworkOf the client's address, "" when unknown
}

// SessionCreator stores a new session.
type SessionCreator interface {
	Create(ctx context.Context, s NewSession) error
}

// ProfileReader reads a member's profile.
type ProfileReader interface {
	ByID(ctx context.Context, id domain.UserID) (domain.Profile, error)
}

// sessionOpener is what every use case that signs a member in shares.
type sessionOpener struct {
	Sessions SessionCreator
	Profiles ProfileReader
	Tokens   ports.AccessTokens
	Clock    ports.Clock
	MaxAge   time.Duration
}

// open starts a new session (refresh-token family) for acc on device.
func (o sessionOpener) open(ctx context.Context, acc domain.Account, device Device) (Session, error) {
	now := o.Clock.Now()
	refresh, hash := newSecret()
	s := NewSession{
		ID:        uuid.Must(uuid.NewV7()).String(),
		AccountID: acc.ID,
		TokenHash: hash,
		CreatedAt: now,
		ExpiresAt: now.Add(o.MaxAge),
		UserAgent: storedUserAgent(device.UserAgent),
		Network:   NetworkOf(device.IP),
	}
	if err := o.Sessions.Create(ctx, s); err != nil {
		return Session{}, fmt.Errorf("create session for %s: %w", acc.ID, err)
	}
	return o.issue(ctx, acc, s.ID, refresh, s.ExpiresAt)
}

// issue signs an access token for a session and puts the answer together.
func (o sessionOpener) issue(ctx context.Context, acc domain.Account, sessionID, refresh string, expiresAt time.Time) (Session, error) {
	p, err := o.Profiles.ByID(ctx, acc.ID)
	if err != nil {
		return Session{}, fmt.Errorf("profile of %s: %w", acc.ID, err)
	}
	access, accessExp, err := o.Tokens.Issue(domain.Viewer{UserID: acc.ID, Role: acc.Role, SessionID: sessionID})
	if err != nil {
		return Session{}, fmt.Errorf("issue access token: %w", err)
	}
	return Session{
		AccessToken:     access,
		AccessExpiresAt: accessExp,
		RefreshToken:    refresh,
		ExpiresAt:       expiresAt,
		User: SessionUser{ID: acc.ID, Email: acc.Email, Handle: p.Handle, DisplayName: p.DisplayName,
			AvatarPath: p.AvatarPath, Role: acc.Role},
	}, nil
}

// errSessionExpired is every refusal of a refresh: unknown, rotated,
// revoked or expired tokens look alike.
func errSessionExpired() error {
	return errs.Unauthenticated(CodeSessionExpired, MsgSessionExpired)
}

func rateLimited(message string, retryAfter time.Duration) error {
	return errs.RateLimited(CodeRateLimited, MsgTooManyAttempts, message, retryAfter)
}
