package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	accounts "social/features/accounts/app"
)

// BeginPasskeySignIn starts a password-less sign-in: the browser offers
// the passkeys it holds for this site (discoverable credentials), so no
// e-mail is asked. Each start counts against the client address's limit.
type BeginPasskeySignIn struct {
	Store    Store
	WebAuthn *webauthn.WebAuthn
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	PerIP    int
}

// Handle starts the ceremony.
func (uc *BeginPasskeySignIn) Handle(ctx context.Context, clientIP string) (Ceremony, error) {
	if err := passkeysOff(uc.WebAuthn); err != nil {
		return Ceremony{}, err
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "passkey_sign_in_ip", Key: domain.ClientNetwork(clientIP), Limit: uc.PerIP, Window: FailureWindow})
	if err != nil {
		return Ceremony{}, fmt.Errorf("passkey sign-in limit: %w", err)
	}
	if wait > 0 {
		return Ceremony{}, errs.RateLimited(CodeRateLimited, MsgTooManyAttempts, MsgWaitSecondStep, wait)
	}
	assertion, session, err := uc.WebAuthn.BeginDiscoverableLogin(webauthn.WithUserVerification(protocol.VerificationRequired))
	if err != nil {
		return Ceremony{}, fmt.Errorf("passkey sign-in: %w", err)
	}
	return startCeremony(ctx, uc.Store, uc.Clock, KindPasskeySignIn, domain.UserID{}, session, assertion)
}

// FinishPasskeySignIn checks a passkey's assertion against the ceremony
// (used once) and the stored passkey its user handle and credential name,
// then opens the member's session. A passkey is a second step by itself
// (something held, unlocked by the device), so no password is asked.
type FinishPasskeySignIn struct {
	Tx       ports.Transactor
	Store    Store
	WebAuthn *webauthn.WebAuthn
	Sessions SessionOpener
	Clock    ports.Clock
}

// Handle signs the member in.
func (uc *FinishPasskeySignIn) Handle(ctx context.Context, ceremony string, credential json.RawMessage, device accounts.Device) (accounts.Session, error) {
	if err := passkeysOff(uc.WebAuthn); err != nil {
		return accounts.Session{}, err
	}
	failed := errs.Unauthenticated(CodePasskeyFailed, MsgPasskeyFailed)
	var out accounts.Session
	var refusal error // committed: the ceremony stays used
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		_, session, err := takeCeremony(ctx, uc.Store, uc.Clock, ceremony, KindPasskeySignIn)
		if err != nil {
			return err
		}
		parsed, err := protocol.ParseCredentialRequestResponseBytes(credential)
		if err != nil {
			refusal = failed
			return nil
		}
		var key Passkey
		var keys []Passkey
		user, cred, err := uc.WebAuthn.ValidatePasskeyLogin(func(rawID, userHandle []byte) (webauthn.User, error) {
			k, err := uc.Store.PasskeyByCredentialID(ctx, rawID)
			if err != nil {
				return nil, err
			}
			id := uuid.UUID(k.AccountID)
			if !bytes.Equal(userHandle, id[:]) {
				return nil, errors.New("user handle is not the passkey's member")
			}
			key = k
			u, all, err := loadPasskeyUser(ctx, uc.Store, k.AccountID, "")
			keys = all
			return u, err
		}, session, parsed)
		if err != nil || user == nil {
			refusal = failed
			return nil
		}
		if err := recordPasskeyUse(ctx, uc.Store, keys, cred, uc.Clock.Now()); err != nil {
			return err
		}
		out, err = uc.Sessions.Handle(ctx, key.AccountID, device)
		return err
	})
	if err != nil {
		return accounts.Session{}, err
	}
	if refusal != nil {
		return accounts.Session{}, refusal
	}
	return out, nil
}
