package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// SignInRequest is the sign-in form.
type SignInRequest struct {
	Email          string `json:"email"`
	Password       string `json:"password"`
	TokenTransport string `json:"token_transport,omitempty" enum:"body,cookie" default:"body" doc:"cookie: the refresh token travels only in the HttpOnly cookie social_refresh (the SPA); body: in the answer (API clients)."`
}

type signInInput struct {
	Body SignInRequest
}

func registerSignIn(api huma.API, uc *accounts.SignIn, p presenter) {
	huma.Register(api, huma.Operation{
		OperationID: "sign-in", Method: http.MethodPost, Path: "/auth/sign-in",
		Summary: "Sign in with e-mail and password", Tags: []string{"auth"},
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{401: {accounts.CodeInvalidCredentials}, 403: {accounts.CodeEmailNotConfirmed, accounts.CodeAccountSuspended}, 429: {accounts.CodeRateLimited}}),
	}, func(ctx context.Context, in *signInInput) (*sessionOutput, error) {
		s, err := uc.Handle(ctx, accounts.SignInInput{Email: in.Body.Email, Password: in.Body.Password,
			ClientIP: httpkit.ClientIP(ctx), UserAgent: httpkit.UserAgent(ctx)})
		if err != nil {
			return nil, problem(ctx, err)
		}
		return p.session(ctx, s, in.Body.TokenTransport), nil
	})
}
