package app

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"time"

	"social/core/domain"
)

// TOTPRecord is a member's authenticator-app secret.
type TOTPRecord struct {
	Secret    []byte
	Confirmed bool
	LastStep  int64 // the newest step whose code was accepted
}

// Passkey is one of a member's WebAuthn credentials.
type Passkey struct {
	ID           string
	AccountID    domain.UserID
	CredentialID []byte
	Name         string
	Credential   json.RawMessage // the WebAuthn library's record
	CreatedAt    time.Time
	LastUsedAt   *time.Time
}

// Challenge kinds.
const (
	KindSecondStep      = "second_step"
	KindPasskeyRegister = "passkey_register"
	KindPasskeySignIn   = "passkey_sign_in"
)

// Challenge is a short-lived, single-use server-side state: a pending
// second step or a WebAuthn ceremony's session data.
type Challenge struct {
	TokenHash []byte
	Kind      string
	AccountID domain.UserID // zero for a passkey sign-in
	Data      json.RawMessage
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Store is what the use cases keep. Every method joins the transaction in
// the context. Reads of a missing row answer domain.ErrNotFound.
type Store interface {
	TOTP(ctx context.Context, acc domain.UserID) (TOTPRecord, error)
	// PutPendingTOTP stores a new unconfirmed secret, replacing an
	// unconfirmed one; false when a confirmed one is there.
	PutPendingTOTP(ctx context.Context, acc domain.UserID, secret []byte, now time.Time) (bool, error)
	// ConfirmTOTP confirms the unconfirmed secret with step as its first
	// used step; false when there is none.
	ConfirmTOTP(ctx context.Context, acc domain.UserID, step int64, now time.Time) (bool, error)
	// UseTOTPStep records step as used unless it (or a later one) was:
	// false for a replay.
	UseTOTPStep(ctx context.Context, acc domain.UserID, step int64) (bool, error)
	DeleteTOTP(ctx context.Context, acc domain.UserID) (bool, error)

	ReplaceRecoveryCodes(ctx context.Context, acc domain.UserID, hashes [][]byte, now time.Time) error
	// UseRecoveryCode marks an unused code used; false when there is none.
	UseRecoveryCode(ctx context.Context, acc domain.UserID, hash []byte, now time.Time) (bool, error)
	RecoveryCodesLeft(ctx context.Context, acc domain.UserID) (int, error)
	DeleteRecoveryCodes(ctx context.Context, acc domain.UserID) error

	Passkeys(ctx context.Context, acc domain.UserID) ([]Passkey, error)
	// AddPasskey stores p; false when its credential is already stored.
	AddPasskey(ctx context.Context, p Passkey) (bool, error)
	// RemovePasskey removes the member's passkey id; the removed one, or
	// domain.ErrNotFound.
	RemovePasskey(ctx context.Context, acc domain.UserID, id string) (Passkey, error)
	PasskeyByCredentialID(ctx context.Context, credentialID []byte) (Passkey, error)
	UsePasskey(ctx context.Context, id string, credential json.RawMessage, now time.Time) error

	CreateChallenge(ctx context.Context, c Challenge) error
	// LiveChallenge is an unused, unexpired challenge of kind.
	LiveChallenge(ctx context.Context, tokenHash []byte, kind string, now time.Time) (Challenge, error)
	// UseChallenge marks a live challenge used; false when it no longer is.
	UseChallenge(ctx context.Context, tokenHash []byte, now time.Time) (bool, error)

	// LockFailures serialises second-step attempts of one account until
	// the transaction ends.
	LockFailures(ctx context.Context, acc domain.UserID) error
	Failures(ctx context.Context, acc domain.UserID, since time.Time) (int, error)
	AddFailure(ctx context.Context, acc domain.UserID, at time.Time) error
}

// AccountReader reads a member's account (the e-mail to notify).
type AccountReader interface {
	ByID(ctx context.Context, id domain.UserID) (domain.Account, error)
}

// newToken is an opaque token (32 random bytes, base64url) and the hash it
// is stored under.
func newToken() (token string, hash []byte) {
	var b [32]byte
	_, _ = rand.Read(b[:])
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashOf(token)
}

func hashOf(s string) []byte {
	sum := sha256.Sum256([]byte(s))
	return sum[:]
}

// recoveryAlphabet leaves out letters and digits read alike (0/O, 1/I/L).
const recoveryAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// newRecoveryCodes makes n codes shaped XXXXX-XXXXX and their hashes.
func newRecoveryCodes(n int) (codes []string, hashes [][]byte) {
	for range n {
		raw := make([]byte, 0, 10)
		for len(raw) < 10 {
			var b [1]byte
			_, _ = rand.Read(b[:])
			if int(b[0]) < 256-256%len(recoveryAlphabet) { // no bias toward the first letters
				raw = append(raw, recoveryAlphabet[int(b[0])%len(recoveryAlphabet)])
			}
		}
		codes = append(codes, string(raw[:5])+"-"+string(raw[5:]))
		hashes = append(hashes, hashOf(string(raw)))
	}
	return codes, hashes
}
