package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// EmailRequest names an e-mail address.
type EmailRequest struct {
	Email string `json:"email"`
}

type emailInput struct {
	Body EmailRequest
}

func registerResendConfirmation(api huma.API, uc *accounts.ResendConfirmation) {
	huma.Register(api, huma.Operation{
		OperationID: "resend-confirmation", Method: http.MethodPost, Path: "/auth/confirm/resend",
		Summary:     "E-mail a new confirmation link",
		Description: "Same answer whether or not the address has an unconfirmed account; at most once a minute per address.",
		Tags:        []string{"auth"}, DefaultStatus: http.StatusAccepted,
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{429: {accounts.CodeRateLimited}}),
	}, func(ctx context.Context, in *emailInput) (*messageOutput, error) {
		msg, err := uc.Handle(ctx, in.Body.Email)
		return messageAnswer(ctx, msg, err)
	})
}
