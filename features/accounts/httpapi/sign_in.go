package httpapi

import (
	"context"
	"errors"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/features/accounts/wire"
	"social/kit/httpkit"
)

// SignInRequest is the sign-in form.
type SignInRequest struct {
	Email          string `json:"email"`
	Password       string `json:"password"`
	TokenTransport string `json:"token_transport,omitempty" enum:"body,cookie" default:"body" doc:"cookie: the refresh token travels only in the HttpOnly cookie social_refresh (the SPA); body: in the answer (API clients)."`
}

type signInInput struct {
	Device string `cookie:"social_device" doc:"The known-device cookie a successful sign-in set: a right password from a known device passes the limits others' failed attempts filled."`
	Body   SignInRequest
}

// signInOutput is a session (200) or, for an account with a second step,
// the challenge to complete (202).
type signInOutput struct {
	Status    int
	SetCookie []string `header:"Set-Cookie" doc:"The refresh cookie, when the refresh token travels in it, and the known-device cookie social_device."`
	Body      any
}

func signInResponses(api huma.API) map[string]*huma.Response {
	reg := api.OpenAPI().Components.Schemas
	return map[string]*huma.Response{
		"200": {Description: "Signed in.", Content: map[string]*huma.MediaType{"application/json": {
			Schema: reg.Schema(reflect.TypeFor[wire.Session](), true, "Session")}}},
		"202": {Description: "Right password; the account has a second step: complete the challenge at POST /auth/second-step. No session yet.",
			Content: map[string]*huma.MediaType{"application/json": {
				Schema: reg.Schema(reflect.TypeFor[SecondStepPending](), true, "SecondStepPending")}}},
	}
}

func registerSignIn(api huma.API, uc *accounts.SignIn, p wire.SessionPresenter) {
	huma.Register(api, huma.Operation{
		OperationID: "sign-in", Method: http.MethodPost, Path: "/auth/sign-in",
		Summary: "Sign in with e-mail and password", Tags: []string{"auth"},
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{401: {accounts.CodeInvalidCredentials}, 403: {accounts.CodeEmailNotConfirmed, accounts.CodeAccountSuspended}, 429: {accounts.CodeRateLimited}}),
		Responses: signInResponses(api),
	}, func(ctx context.Context, in *signInInput) (*signInOutput, error) {
		s, err := uc.Handle(ctx, accounts.SignInInput{Email: in.Body.Email, Password: in.Body.Password,
			ClientIP: httpkit.ClientIP(ctx), UserAgent: httpkit.UserAgent(ctx), DeviceToken: in.Device})
		var pending *accounts.SecondStepRequired
		if errors.As(err, &pending) {
			return &signInOutput{Status: http.StatusAccepted, Body: secondStepPending(pending)}, nil
		}
		if err != nil {
			return nil, problem(ctx, err)
		}
		cookies, body := p.Present(ctx, s, in.Body.TokenTransport)
		return &signInOutput{Status: http.StatusOK, SetCookie: cookies, Body: body}, nil
	})
}
