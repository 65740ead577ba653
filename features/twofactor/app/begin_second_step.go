package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"social/core/domain"
	"social/core/ports"
)

// BeginSecondStep is the sign-in's port to this feature
// (ports.SecondFactor): after a right password, an account with an
// authenticator app or a passkey gets a pending challenge instead of a
// session.
type BeginSecondStep struct {
	Store    Store
	WebAuthn *webauthn.WebAuthn
	Clock    ports.Clock
}

var _ ports.SecondFactor = (*BeginSecondStep)(nil)

// methods is how acc can complete a second step, and its passkey user.
func (uc *BeginSecondStep) methods(ctx context.Context, acc domain.UserID) ([]string, passkeyUser, error) {
	var methods []string
	t, err := uc.Store.TOTP(ctx, acc)
	switch {
	case err == nil && t.Confirmed:
		methods = append(methods, MethodTOTP)
	case err != nil && !errors.Is(err, domain.ErrNotFound):
		return nil, passkeyUser{}, fmt.Errorf("totp of %s: %w", acc, err)
	}
	u, keys, err := loadPasskeyUser(ctx, uc.Store, acc, "")
	if err != nil {
		return nil, passkeyUser{}, err
	}
	if len(keys) > 0 {
		methods = append(methods, MethodPasskey)
	}
	if len(methods) > 0 {
		methods = append(methods, MethodRecovery)
	}
	return methods, u, nil
}

// Has tells whether acc has a second step.
func (uc *BeginSecondStep) Has(ctx context.Context, acc domain.UserID) (bool, error) {
	m, _, err := uc.methods(ctx, acc)
	return len(m) > 0, err
}

// Begin stores a pending second step for acc, if it has one.
func (uc *BeginSecondStep) Begin(ctx context.Context, acc domain.UserID) (ports.SecondStepChallenge, bool, error) {
	methods, user, err := uc.methods(ctx, acc)
	if err != nil || len(methods) == 0 {
		return ports.SecondStepChallenge{}, false, err
	}
	now := uc.Clock.Now()
	token, hash := newToken()
	c := Challenge{TokenHash: hash, Kind: KindSecondStep, AccountID: acc, CreatedAt: now, ExpiresAt: now.Add(ChallengeTTL)}
	out := ports.SecondStepChallenge{Token: token, ExpiresAt: c.ExpiresAt, Methods: methods}
	if len(user.creds) > 0 && uc.WebAuthn != nil {
		assertion, session, err := uc.WebAuthn.BeginLogin(user, webauthn.WithUserVerification(protocol.VerificationPreferred))
		if err != nil {
			return ports.SecondStepChallenge{}, false, fmt.Errorf("passkey options: %w", err)
		}
		if c.Data, err = json.Marshal(session); err != nil {
			return ports.SecondStepChallenge{}, false, fmt.Errorf("passkey session: %w", err)
		}
		if out.PasskeyOptions, err = publicKeyOptions(assertion); err != nil {
			return ports.SecondStepChallenge{}, false, fmt.Errorf("passkey options: %w", err)
		}
	}
	if err := uc.Store.CreateChallenge(ctx, c); err != nil {
		return ports.SecondStepChallenge{}, false, fmt.Errorf("store second step: %w", err)
	}
	return out, true, nil
}
