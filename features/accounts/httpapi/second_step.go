package httpapi

import (
	"context"
	"encoding/json"
	"time"

	accounts "social/features/accounts/app"
	profiles "social/features/profiles/wire"
)

// SecondStepPending is sign-in's 202 answer for an account with a second
// step: no session, only the challenge to complete at
// POST /auth/second-step.
type SecondStepPending struct {
	Challenge string    `json:"challenge" doc:"Single-use token to send back with the code or the passkey's answer."`
	ExpiresAt time.Time `json:"expires_at" doc:"When the challenge expires (5 minutes)."`
	Methods   []string  `json:"methods" doc:"How this account can complete it: totp, recovery_code, passkey."`
	// PasskeyOptions are WebAuthn's publicKey request options, for
	// navigator.credentials.get, when the account has passkeys.
	PasskeyOptions map[string]any `json:"passkey_options,omitempty" doc:"WebAuthn request options (publicKey) when the account has passkeys."`
}

func secondStepPending(e *accounts.SecondStepRequired) SecondStepPending {
	c := e.Challenge
	out := SecondStepPending{Challenge: c.Token, ExpiresAt: c.ExpiresAt.UTC(), Methods: c.Methods}
	if len(c.PasskeyOptions) > 0 {
		_ = json.Unmarshal(c.PasskeyOptions, &out.PasskeyOptions) // made by the server: always an object
	}
	return out
}

// SessionPresenter answers with a session the way sign-in does, for the
// features that open one another way (the second step, passkeys).
type SessionPresenter struct{ p presenter }

// NewSessionPresenter makes the presenter.
func NewSessionPresenter(cookies *Cookies, links profiles.Links) SessionPresenter {
	return SessionPresenter{p: presenter{cookies: cookies, links: links}}
}

// Present is the Set-Cookie values (the refresh cookie for the cookie
// transport, the known-device cookie when the session remembered one) and
// the answer's body.
func (sp SessionPresenter) Present(ctx context.Context, s accounts.Session, transport string) (setCookies []string, body Session) {
	out := sp.p.session(ctx, s, transport)
	return sp.p.cookies.signedIn(out.SetCookie, s.DeviceToken), out.Body
}
