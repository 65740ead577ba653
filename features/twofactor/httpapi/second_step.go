package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	accountswire "social/features/accounts/wire"
	twofactor "social/features/twofactor/app"
	"social/kit/httpkit"
)

// CompleteSecondStepRequest completes a pending second step with one of
// its methods.
type CompleteSecondStepRequest struct {
	Challenge      string         `json:"challenge" maxLength:"100" doc:"The challenge of sign-in's 202 answer."`
	Code           string         `json:"code,omitempty" maxLength:"20" doc:"The authenticator app's 6-digit code."`
	RecoveryCode   string         `json:"recovery_code,omitempty" maxLength:"40" doc:"Or one of the recovery codes (each works once)."`
	Passkey        map[string]any `json:"passkey,omitempty" doc:"Or the passkey's answer (PublicKeyCredential as JSON) to the challenge's passkey_options."`
	TokenTransport string         `json:"token_transport,omitempty" enum:"body,cookie" default:"body" doc:"As for sign-in."`
}

func registerCompleteSecondStep(api huma.API, uc *twofactor.CompleteSecondStep, sessions accountswire.SessionPresenter) {
	huma.Register(api, huma.Operation{
		OperationID: "complete-second-step", Method: http.MethodPost, Path: "/auth/second-step",
		Summary: "Complete a sign-in's second step", Tags: []string{"auth"},
		Description: "Only now is the session created. Wrong codes count per account: after 5 in 15 minutes " +
			"every attempt answers 429 until the window moves on. A code is accepted once.",
		Security: httpkit.Public,
		Metadata: httpkit.Refuses(httpkit.Refusals{
			401: {twofactor.CodeChallengeExpired, twofactor.CodeInvalidCode},
			403: {accounts.CodeEmailNotConfirmed, accounts.CodeAccountSuspended},
			422: {twofactor.CodeNoMethod}, 429: {twofactor.CodeRateLimited}}),
	}, func(ctx context.Context, in *struct {
		Device string `cookie:"social_device" doc:"The known-device cookie, if the browser has one."`
		Body   CompleteSecondStepRequest
	}) (*sessionOutput, error) {
		s, err := uc.Handle(ctx, twofactor.CompleteSecondStepInput{Challenge: in.Body.Challenge, Code: in.Body.Code,
			RecoveryCode: in.Body.RecoveryCode, Passkey: rawJSON(in.Body.Passkey),
			Device: accounts.Device{UserAgent: httpkit.UserAgent(ctx), IP: httpkit.ClientIP(ctx), KnownToken: in.Device}})
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		cookie, body := sessions.Present(ctx, s, in.Body.TokenTransport)
		return &sessionOutput{SetCookie: cookie, Body: body}, nil
	})
}

// PasskeySignInRequest is the browser's answer to a sign-in ceremony.
type PasskeySignInRequest struct {
	Ceremony       string         `json:"ceremony" maxLength:"100" doc:"From passkey-sign-in-options."`
	Credential     map[string]any `json:"credential" doc:"The passkey's answer (PublicKeyCredential as JSON)."`
	TokenTransport string         `json:"token_transport,omitempty" enum:"body,cookie" default:"body" doc:"As for sign-in."`
}

func registerPasskeySignIn(api huma.API, begin *twofactor.BeginPasskeySignIn, finish *twofactor.FinishPasskeySignIn,
	sessions accountswire.SessionPresenter) {
	huma.Register(api, huma.Operation{
		OperationID: "passkey-sign-in-options", Method: http.MethodPost, Path: "/auth/passkeys/sign-in-options",
		Summary: "Start signing in with a passkey", Tags: []string{"auth"},
		Description: "No e-mail: the browser offers the passkeys it holds for this site. The ceremony lives 5 minutes and is used once.",
		Security:    httpkit.Public,
		Metadata: httpkit.Refuses(httpkit.Refusals{429: {twofactor.CodeRateLimited},
			503: {twofactor.CodePasskeysUnavailable}}),
	}, func(ctx context.Context, _ *struct{}) (*ceremonyOutput, error) {
		c, err := begin.Handle(ctx, httpkit.ClientIP(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return ceremony(c), nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "passkey-sign-in", Method: http.MethodPost, Path: "/auth/passkeys/sign-in",
		Summary: "Sign in with a passkey", Tags: []string{"auth"},
		Security: httpkit.Public,
		Metadata: httpkit.Refuses(httpkit.Refusals{
			401: {twofactor.CodePasskeyFailed},
			403: {accounts.CodeEmailNotConfirmed, accounts.CodeAccountSuspended},
			422: {twofactor.CodePasskeyCeremonyGone}, 503: {twofactor.CodePasskeysUnavailable}}),
	}, func(ctx context.Context, in *struct {
		Device string `cookie:"social_device" doc:"The known-device cookie, if the browser has one."`
		Body   PasskeySignInRequest
	}) (*sessionOutput, error) {
		s, err := finish.Handle(ctx, in.Body.Ceremony, rawJSON(in.Body.Credential),
			accounts.Device{UserAgent: httpkit.UserAgent(ctx), IP: httpkit.ClientIP(ctx), KnownToken: in.Device})
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		cookie, body := sessions.Present(ctx, s, in.Body.TokenTransport)
		return &sessionOutput{SetCookie: cookie, Body: body}, nil
	})
}
