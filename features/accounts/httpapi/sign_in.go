package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/adapters/http/auth"
	accounts "social/features/accounts/app"
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
		Security: httpadapter.Public, Metadata: httpadapter.Refuses(httpadapter.Refusals{401: {accounts.CodeInvalidCredentials}, 403: {accounts.CodeEmailNotConfirmed, accounts.CodeAccountSuspended}, 429: {accounts.CodeRateLimited}}),
	}, func(ctx context.Context, in *signInInput) (*sessionOutput, error) {
		s, err := uc.Handle(ctx, accounts.SignInInput{Email: in.Body.Email, Password: in.Body.Password,
			ClientIP: auth.ClientIP(ctx), UserAgent: auth.UserAgent(ctx)})
		if err != nil {
			return nil, problem(ctx, err)
		}
		return p.session(ctx, s, in.Body.TokenTransport), nil
	})
}
