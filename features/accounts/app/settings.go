package app

import (
	"fmt"
	"time"

	"social/core/domain"
)

// Settings are the configured values the use cases need.
type Settings struct {
	// PublicURL is the site's address, for links in e-mails (no trailing slash).
	PublicURL         string
	SessionMaxAge     time.Duration // absolute lifetime of a session (refresh-token family)
	RefreshReuseGrace time.Duration // a token rotated this recently is a lost answer or a race, not a theft: taken once more
	ConfirmationTTL   time.Duration
	PasswordResetTTL  time.Duration
	Limits            Limits
}

// Limits are the attempt counts per window (see SignUpWindow, SignInWindow).
type Limits struct {
	SignUpPerEmail int
	SignUpPerIP    int
	SignInPerEmail int
	SignInPerIP    int
	// SignInPerEmailAll caps one e-mail's failed sign-ins from every
	// address per SignInCeilingWindow (devices known to the account pass).
	SignInPerEmailAll int
}

// EmailToken is a one-time secret mailed to a member; only its hash is kept.
type EmailToken struct {
	Hash      []byte
	AccountID domain.UserID
	Purpose   TokenPurpose
	CreatedAt time.Time
	ExpiresAt time.Time
}

// TokenPurpose says what an e-mail token may be used for.
type TokenPurpose string

const (
	PurposeConfirmEmail  TokenPurpose = "confirm_email"
	PurposeResetPassword TokenPurpose = "reset_password"
)

// humanDuration says a token's validity in pt-BR ("24 horas", "1 hora").
func humanDuration(d time.Duration) string {
	switch h := int(d.Hours()); {
	case h == 1:
		return "1 hora"
	case h > 1:
		return fmt.Sprintf("%d horas", h)
	}
	return fmt.Sprintf("%d minutos", int(d.Minutes()))
}
