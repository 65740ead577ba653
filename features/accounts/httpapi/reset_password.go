package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/features/accounts/wire"
	"social/kit/httpkit"
)

// PasswordResetRequest is the new-password form with the mailed token.
type PasswordResetRequest struct {
	Token                string `json:"token" doc:"The token of the e-mailed link."`
	Password             string `json:"password"`
	PasswordConfirmation string `json:"password_confirmation"`
}

type resetInput struct {
	Device string `cookie:"social_device" doc:"The known-device cookie, if the browser has one: kept when it is already the account's."`
	Body   PasswordResetRequest
}

type resetOutput struct {
	SetCookie []string `header:"Set-Cookie" doc:"The known-device cookie social_device: the browser that reset the password is known to the account, so its right password passes the sign-in limits others' failed attempts filled."`
	Body      MessageResponse
}

func registerResetPassword(api huma.API, uc *accounts.ResetPassword, cookies *wire.Cookies) {
	huma.Register(api, huma.Operation{
		OperationID: "reset-password", Method: http.MethodPost, Path: "/auth/password/reset",
		Summary:  "Set a new password with the e-mailed token; ends every session and makes this browser a known device",
		Tags:     []string{"auth"},
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{400: {accounts.CodeInvalidToken}, 422: {accounts.CodeInvalidInput}}),
	}, func(ctx context.Context, in *resetInput) (*resetOutput, error) {
		r, err := uc.Handle(ctx, accounts.ResetPasswordInput{Token: in.Body.Token, Password: in.Body.Password,
			PasswordConfirmation: in.Body.PasswordConfirmation, DeviceToken: in.Device})
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &resetOutput{SetCookie: cookies.SignedIn(nil, r.DeviceToken), Body: MessageResponse{Message: r.Message}}, nil
	})
}
