package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

func registerForgotPassword(api huma.API, uc *accounts.RequestPasswordReset) {
	huma.Register(api, huma.Operation{
		OperationID: "forgot-password", Method: http.MethodPost, Path: "/auth/password/forgot",
		Summary:     "E-mail a password-reset link",
		Description: "Same answer whether or not the address has an account. The link opens the SPA at /auth/reset?token=...",
		Tags:        []string{"auth"}, DefaultStatus: http.StatusAccepted,
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{429: {accounts.CodeRateLimited}}),
	}, func(ctx context.Context, in *emailInput) (*messageOutput, error) {
		msg, err := uc.Handle(ctx, in.Body.Email, httpkit.ClientIP(ctx))
		return messageAnswer(ctx, msg, err)
	})
}
