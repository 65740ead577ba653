package httpapi

import (
	"encoding/json"
	"time"

	accounts "social/features/accounts/app"
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
