package ports

import (
	"context"
	"encoding/json"
	"time"

	"social/core/domain"
)

// SecondStepChallenge is what a right password earns an account with a
// second step instead of a session: a short-lived, single-use token the
// client completes with a code or a passkey.
type SecondStepChallenge struct {
	Token     string
	ExpiresAt time.Time
	// Methods are the ways this account can complete it: "totp",
	// "recovery_code", "passkey".
	Methods []string
	// PasskeyOptions are the WebAuthn request options for the passkey
	// method (publicKey options), or nil.
	PasskeyOptions json.RawMessage
}

// SecondFactor is the second step of signing in, kept by its own feature.
// Begin answers ok false for an account with no second step; otherwise the
// challenge to complete. Has tells whether an account has a second step
// (the staff console requires one in production).
type SecondFactor interface {
	Begin(ctx context.Context, account domain.UserID) (c SecondStepChallenge, ok bool, err error)
	Has(ctx context.Context, account domain.UserID) (bool, error)
}
