package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	accounts "social/features/accounts/app"
)

// SessionOpener opens a session for a member who has proved who they are
// (the accounts feature's OpenVerifiedSession).
type SessionOpener interface {
	Handle(ctx context.Context, id domain.UserID, device accounts.Device) (accounts.Session, error)
}

// CompleteSecondStepInput is a pending second step's token and one way of
// completing it.
type CompleteSecondStepInput struct {
	Challenge    string
	Code         string          // the authenticator app's code
	RecoveryCode string          // or one recovery code
	Passkey      json.RawMessage // or a passkey's assertion (PublicKeyCredential as JSON)
	Device       accounts.Device
}

// CompleteSecondStep checks the code or passkey for a pending second step
// and only then opens the session. Wrong answers count per account: past
// MaxFailures within FailureWindow every attempt is refused until the
// window moves on. The challenge is used once, by the right answer; a
// wrong one leaves it for another try until it expires.
type CompleteSecondStep struct {
	Tx       ports.Transactor
	Store    Store
	WebAuthn *webauthn.WebAuthn
	Sessions SessionOpener
	Clock    ports.Clock
}

// errRefused carries a refusal out of a transaction that must roll back.
type errRefused struct{ err error }

func (e errRefused) Error() string { return e.err.Error() }

// Handle completes the second step.
func (uc *CompleteSecondStep) Handle(ctx context.Context, in CompleteSecondStepInput) (accounts.Session, error) {
	if in.Code == "" && in.RecoveryCode == "" && len(in.Passkey) == 0 {
		return accounts.Session{}, errs.Invalid(CodeNoMethod, MsgNoMethod, nil)
	}
	now := uc.Clock.Now()
	hash := hashOf(in.Challenge)
	var out accounts.Session
	var refusal error
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		c, err := uc.Store.LiveChallenge(ctx, hash, KindSecondStep, now)
		if errors.Is(err, domain.ErrNotFound) {
			refusal = errs.Unauthenticated(CodeChallengeExpired, MsgChallengeExpired)
			return nil
		}
		if err != nil {
			return fmt.Errorf("second step: %w", err)
		}
		if err := uc.Store.LockFailures(ctx, c.AccountID); err != nil {
			return fmt.Errorf("lock failures: %w", err)
		}
		n, err := uc.Store.Failures(ctx, c.AccountID, now.Add(-FailureWindow))
		if err != nil {
			return fmt.Errorf("count failures: %w", err)
		}
		if n >= MaxFailures {
			refusal = errs.RateLimited(CodeRateLimited, MsgTooManyAttempts, MsgWaitSecondStep, FailureWindow)
			return nil
		}
		ok, err := uc.verify(ctx, c, in, now)
		if err != nil {
			return err
		}
		if !ok {
			if err := uc.Store.AddFailure(ctx, c.AccountID, now); err != nil {
				return fmt.Errorf("record failure: %w", err)
			}
			refusal = errs.Unauthenticated(CodeInvalidCode, MsgInvalidCode)
			return nil
		}
		used, err := uc.Store.UseChallenge(ctx, hash, now)
		if err != nil {
			return fmt.Errorf("use second step: %w", err)
		}
		if !used {
			return errRefused{errs.Unauthenticated(CodeChallengeExpired, MsgChallengeExpired)}
		}
		out, err = uc.Sessions.Handle(ctx, c.AccountID, in.Device)
		if e, isErr := errs.As(err); isErr {
			return errRefused{e}
		}
		return err
	})
	var r errRefused
	if errors.As(err, &r) {
		return accounts.Session{}, r.err
	}
	if err != nil {
		return accounts.Session{}, err
	}
	if refusal != nil {
		return accounts.Session{}, refusal
	}
	return out, nil
}

// verify checks the one answer given: false for a wrong one.
func (uc *CompleteSecondStep) verify(ctx context.Context, c Challenge, in CompleteSecondStepInput, now time.Time) (bool, error) {
	switch {
	case in.Code != "":
		return verifyTOTP(ctx, uc.Store, c.AccountID, in.Code, now)
	case in.RecoveryCode != "":
		ok, err := uc.Store.UseRecoveryCode(ctx, c.AccountID, hashOf(normalizeCode(in.RecoveryCode)), now)
		if err != nil {
			return false, fmt.Errorf("recovery code: %w", err)
		}
		return ok, nil
	default:
		return verifyPasskey(ctx, uc.Store, uc.WebAuthn, c, in.Passkey, now)
	}
}

// verifyTOTP accepts a code of acc's confirmed secret within the skew
// whose step was not used yet.
func verifyTOTP(ctx context.Context, store Store, acc domain.UserID, code string, now time.Time) (bool, error) {
	t, err := store.TOTP(ctx, acc)
	if errors.Is(err, domain.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("totp of %s: %w", acc, err)
	}
	if !t.Confirmed {
		return false, nil
	}
	step, ok := matchTOTP(t.Secret, normalizeCode(code), now)
	if !ok || step <= t.LastStep {
		return false, nil
	}
	used, err := store.UseTOTPStep(ctx, acc, step)
	if err != nil {
		return false, fmt.Errorf("use totp step: %w", err)
	}
	return used, nil
}

// verifyPasskey checks an assertion against the ceremony c started and
// the member's passkeys, and records the passkey's new counter.
func verifyPasskey(ctx context.Context, store Store, wa *webauthn.WebAuthn, c Challenge, assertion json.RawMessage, now time.Time) (bool, error) {
	if wa == nil || len(c.Data) == 0 || len(assertion) == 0 {
		return false, nil
	}
	var session webauthn.SessionData
	if err := json.Unmarshal(c.Data, &session); err != nil {
		return false, fmt.Errorf("passkey session: %w", err)
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(assertion)
	if err != nil {
		return false, nil
	}
	user, keys, err := loadPasskeyUser(ctx, store, c.AccountID, "")
	if err != nil {
		return false, err
	}
	cred, err := wa.ValidateLogin(user, session, parsed)
	if err != nil {
		return false, nil
	}
	return true, recordPasskeyUse(ctx, store, keys, cred, now)
}

// recordPasskeyUse stores cred's new state (its counter) on the passkey
// it is.
func recordPasskeyUse(ctx context.Context, store Store, keys []Passkey, cred *webauthn.Credential, now time.Time) error {
	for _, k := range keys {
		if string(k.CredentialID) == string(cred.ID) {
			b, err := json.Marshal(cred)
			if err != nil {
				return fmt.Errorf("passkey record: %w", err)
			}
			return store.UsePasskey(ctx, k.ID, b, now)
		}
	}
	return nil
}
