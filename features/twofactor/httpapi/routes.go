package httpapi

import (
	"encoding/json"

	"github.com/danielgtaylor/huma/v2"

	accountswire "social/features/accounts/wire"
	twofactor "social/features/twofactor/app"
	"social/kit/plugin"
)

// UseCases are the two-step sign-in operations.
type UseCases struct {
	Complete       *twofactor.CompleteSecondStep
	Status         *twofactor.GetStatus
	StartTOTP      *twofactor.StartTOTP
	ConfirmTOTP    *twofactor.ConfirmTOTP
	DisableTOTP    *twofactor.DisableTOTP
	Regenerate     *twofactor.RegenerateRecoveryCodes
	BeginRegister  *twofactor.BeginPasskeyRegistration
	FinishRegister *twofactor.FinishPasskeyRegistration
	RemovePasskey  *twofactor.RemovePasskey
	BeginSignIn    *twofactor.BeginPasskeySignIn
	FinishSignIn   *twofactor.FinishPasskeySignIn
}

// NewRoutes contributes the operations.
func NewRoutes(uc UseCases, sessions accountswire.SessionPresenter) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerCompleteSecondStep(api, uc.Complete, sessions)
		registerPasskeySignIn(api, uc.BeginSignIn, uc.FinishSignIn, sessions)
		registerStatus(api, uc.Status)
		registerTOTP(api, uc.StartTOTP, uc.ConfirmTOTP, uc.DisableTOTP)
		registerRecoveryCodes(api, uc.Regenerate)
		registerPasskeys(api, uc.BeginRegister, uc.FinishRegister, uc.RemovePasskey)
	}}
}

// sessionOutput is a new session, as sign-in answers it.
type sessionOutput struct {
	SetCookie []string `header:"Set-Cookie" doc:"The refresh cookie, when the refresh token travels in it, and the known-device cookie social_device."`
	Body      accountswire.Session
}

// Ceremony is a started WebAuthn ceremony.
type Ceremony struct {
	Ceremony string         `json:"ceremony" doc:"Single-use token naming the ceremony's server-side state; send it back with the browser's answer."`
	Options  map[string]any `json:"options" doc:"WebAuthn options (publicKey) for navigator.credentials.create or get."`
}

type ceremonyOutput struct{ Body Ceremony }

func ceremony(c twofactor.Ceremony) *ceremonyOutput {
	out := &ceremonyOutput{Body: Ceremony{Ceremony: c.Token}}
	_ = json.Unmarshal(c.Options, &out.Body.Options) // made by the server: always an object
	return out
}

// rawJSON is a browser's PublicKeyCredential as JSON again.
func rawJSON(v map[string]any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, _ := json.Marshal(v) // decoded from JSON: encodes
	return b
}
