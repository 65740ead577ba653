package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// PasswordResetRequest is the new-password form with the mailed token.
type PasswordResetRequest struct {
	Token                string `json:"token" doc:"The token of the e-mailed link."`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

type resetInput struct {
	Body PasswordResetRequest
}

func registerResetPassword(api huma.API, uc *accounts.ResetPassword) {
	huma.Register(api, huma.Operation{
		OperationID: "reset-password", Method: http.MethodPost, Path: "/auth/password/reset",
		Summary:  "Set a new password with the e-mailed token; ends every session",
		Tags:     []string{"auth"},
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{400: {accounts.CodeInvalidToken}, 422: {accounts.CodeInvalidInput}}),
	}, func(ctx context.Context, in *resetInput) (*messageOutput, error) {
		msg, err := uc.Handle(ctx, accounts.ResetPasswordInput{Token: in.Body.Token, Password: in.Body.Password,
			PasswordConfirmation: in.Body.PasswordConfirmation})
		if err != nil {
			return nil, problem(ctx, err)
		}
		return message(msg), nil
	})
}
