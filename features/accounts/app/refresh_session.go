package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// RefreshRecord is a refresh token with its session, as locked for rotation.
type RefreshRecord struct {
	SessionID string
	AccountID domain.UserID
	RotatedAt *time.Time
	// GraceUsed: the token, rotated, was already accepted once more within
	// the reuse grace.
	GraceUsed        bool
	SessionExpiresAt time.Time
	SessionRevokedAt *time.Time
}

// Reasons a session ends early, kept on the session row.
const (
	RevokedSignOut     = "sign_out"
	RevokedReuse       = "refresh_token_reuse"
	RevokedPasswordSet = "password_reset"
	// RevokedByMember: ended from the member's list of sessions.
	RevokedByMember = "ended_by_member"
)

// RefreshStore rotates refresh tokens. LockRefreshToken holds the token's
// row until the transaction ends, so that concurrent refreshes of one token
// take turns and only the first one rotates it.
type RefreshStore interface {
	LockRefreshToken(ctx context.Context, hash []byte) (RefreshRecord, error)
	// Rotate also records the session's use from device (see
	// SessionUseInterval).
	Rotate(ctx context.Context, sessionID string, oldHash, newHash []byte, at time.Time, device SessionUse) error
	// RotateAgain trades a token already rotated once more: it spends the
	// token's grace, retires its successor and stores newHash.
	RotateAgain(ctx context.Context, sessionID string, oldHash, newHash []byte, at time.Time, device SessionUse) error
	Revoke(ctx context.Context, sessionID string, at time.Time, reason string) error
}

// AccountReader reads an account by ID.
type AccountReader interface {
	ByID(ctx context.Context, id domain.UserID) (domain.Account, error)
}

// RefreshSession trades a refresh token for a new access token and a new
// refresh token (rotation). Presenting a token that was already rotated
// longer ago than Settings.RefreshReuseGrace means it was copied: the whole
// session is revoked. Within the grace it is accepted once more, with a
// fresh rotation: a page reloaded while its refresh was under way never
// stored the successor's cookie and presents the previous token on its next
// load, and two tabs refreshing at once present the same one; ending the
// session there would sign out a member who did nothing wrong. A second
// reuse within the grace is refused without ending the session.
type RefreshSession struct {
	Tx           ports.Transactor
	Store        RefreshStore
	Accounts     AccountReader
	Profiles     ProfileReader
	AccessTokens ports.AccessTokens
	Clock        ports.Clock
	Settings     Settings
	Ends         ports.SessionEnds // nil when nothing listens
}

// SessionUse is a session's last use as its list shows it.
type SessionUse struct {
	UserAgent string // capped
	Network   string // NetworkOf the client's address, "" when unknown
}

// SessionUseInterval is how stale a session's last use may be before a
// refresh records it again: the list of sessions needs no finer time, and
// a busy session then costs no extra write.
const SessionUseInterval = time.Minute

// Handle rotates token and returns the renewed session; device is where
// the refresh came from.
func (uc *RefreshSession) Handle(ctx context.Context, token string, device Device) (Session, error) {
	if token == "" {
		return Session{}, errSessionExpired()
	}
	hash := HashSecret(token)
	var s Session
	refused := false
	var revokedOf *domain.UserID
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		rec, err := uc.Store.LockRefreshToken(ctx, hash)
		if errors.Is(err, domain.ErrNotFound) {
			refused = true
			return nil
		}
		if err != nil {
			return err
		}
		now := uc.Clock.Now()
		if rec.SessionRevokedAt != nil || !now.Before(rec.SessionExpiresAt) {
			refused = true
			return nil
		}
		again := false
		if rec.RotatedAt != nil {
			if now.Sub(*rec.RotatedAt) > uc.Settings.RefreshReuseGrace {
				refused = true
				revokedOf = &rec.AccountID
				return uc.Store.Revoke(ctx, rec.SessionID, now, RevokedReuse)
			}
			if rec.GraceUsed {
				refused = true
				return nil // its one extra use is spent: refused, the session lives
			}
			again = true
		}
		acc, err := uc.Accounts.ByID(ctx, rec.AccountID)
		if err != nil {
			return err
		}
		if acc.Suspended() {
			refused = true // a suspension also revoked the session; this is the last guard
			return nil
		}
		next, nextHash := newSecret()
		use := SessionUse{UserAgent: storedUserAgent(device.UserAgent), Network: NetworkOf(device.IP)}
		rotate := uc.Store.Rotate
		if again {
			rotate = uc.Store.RotateAgain
		}
		if err := rotate(ctx, rec.SessionID, hash, nextHash, now, use); err != nil {
			return err
		}
		s, err = sessionOpener{Profiles: uc.Profiles, Tokens: uc.AccessTokens, Clock: uc.Clock}.
			issue(ctx, acc, rec.SessionID, next, rec.SessionExpiresAt)
		return err
	})
	if err != nil {
		return Session{}, fmt.Errorf("refresh session: %w", err)
	}
	if revokedOf != nil && uc.Ends != nil {
		// The stolen family's access tokens stop at once on every node.
		uc.Ends.SessionsEnded(ctx, *revokedOf)
	}
	if refused {
		return Session{}, errSessionExpired()
	}
	return s, nil
}
