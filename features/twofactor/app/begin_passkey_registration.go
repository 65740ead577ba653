package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Ceremony is a started WebAuthn ceremony: the token naming its
// server-side state and the options for the browser (publicKey).
type Ceremony struct {
	Token   string
	Options json.RawMessage
}

// BeginPasskeyRegistration starts adding a passkey to the viewer's
// account: a discoverable credential (resident key), so that it alone
// signs in, excluding the passkeys the member already has.
type BeginPasskeyRegistration struct {
	Store    Store
	Accounts AccountReader
	WebAuthn *webauthn.WebAuthn
	Clock    ports.Clock
}

// Handle starts the ceremony.
func (uc *BeginPasskeyRegistration) Handle(ctx context.Context, v domain.Viewer) (Ceremony, error) {
	acc, err := member(v)
	if err != nil {
		return Ceremony{}, err
	}
	if err := passkeysOff(uc.WebAuthn); err != nil {
		return Ceremony{}, err
	}
	a, err := uc.Accounts.ByID(ctx, acc)
	if err != nil {
		return Ceremony{}, fmt.Errorf("account %s: %w", acc, err)
	}
	user, keys, err := loadPasskeyUser(ctx, uc.Store, acc, a.Email)
	if err != nil {
		return Ceremony{}, err
	}
	if len(keys) >= MaxPasskeys {
		return Ceremony{}, errs.Conflict(CodeTooManyPasskeys, MsgTooManyPasskeys)
	}
	creation, session, err := uc.WebAuthn.BeginRegistration(user,
		webauthn.WithAuthenticatorSelection(protocol.AuthenticatorSelection{
			ResidentKey:      protocol.ResidentKeyRequirementRequired,
			UserVerification: protocol.VerificationRequired,
		}),
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(user.creds).CredentialDescriptors()))
	if err != nil {
		return Ceremony{}, fmt.Errorf("passkey registration: %w", err)
	}
	return startCeremony(ctx, uc.Store, uc.Clock, KindPasskeyRegister, acc, session, creation)
}

// startCeremony stores a ceremony's session data under a new token.
func startCeremony(ctx context.Context, store Store, clock ports.Clock, kind string, acc domain.UserID,
	session *webauthn.SessionData, options any) (Ceremony, error) {
	data, err := json.Marshal(session)
	if err != nil {
		return Ceremony{}, fmt.Errorf("passkey session: %w", err)
	}
	opts, err := publicKeyOptions(options)
	if err != nil {
		return Ceremony{}, fmt.Errorf("passkey options: %w", err)
	}
	now := clock.Now()
	token, hash := newToken()
	if err := store.CreateChallenge(ctx, Challenge{TokenHash: hash, Kind: kind, AccountID: acc, Data: data,
		CreatedAt: now, ExpiresAt: now.Add(ChallengeTTL)}); err != nil {
		return Ceremony{}, fmt.Errorf("store ceremony: %w", err)
	}
	return Ceremony{Token: token, Options: opts}, nil
}

// takeCeremony uses a live ceremony of kind once and reads its session
// data; the refusal when it is gone.
func takeCeremony(ctx context.Context, store Store, clock ports.Clock, token, kind string) (Challenge, webauthn.SessionData, error) {
	now := clock.Now()
	hash := hashOf(token)
	gone := errs.Invalid(CodePasskeyCeremonyGone, MsgPasskeyCeremonyGone, nil)
	c, err := store.LiveChallenge(ctx, hash, kind, now)
	if err != nil {
		if errors.Is(err, domain.ErrNotFound) {
			return Challenge{}, webauthn.SessionData{}, gone
		}
		return Challenge{}, webauthn.SessionData{}, fmt.Errorf("ceremony: %w", err)
	}
	used, err := store.UseChallenge(ctx, hash, now)
	if err != nil {
		return Challenge{}, webauthn.SessionData{}, fmt.Errorf("use ceremony: %w", err)
	}
	if !used {
		return Challenge{}, webauthn.SessionData{}, gone
	}
	var session webauthn.SessionData
	if err := json.Unmarshal(c.Data, &session); err != nil {
		return Challenge{}, webauthn.SessionData{}, fmt.Errorf("passkey session: %w", err)
	}
	return c, session, nil
}
