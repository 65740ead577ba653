package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// SignUpRequest is the sign-up form.
type SignUpRequest struct {
	Email                string `json:"email" doc:"Valid, at most 255 characters."`
	Password             string `json:"password" doc:"8 to 128 characters with a lowercase letter, an uppercase letter and a digit."`
	PasswordConfirmation string `json:"password_confirmation"`
	DisplayName          string `json:"display_name" doc:"1 to 50 characters after cleaning, at least one of them visible."`
	Handle               string `json:"handle" doc:"3 to 30 of a-z, 0-9 and _. A name or handle that looks like a reserved word or a staff member's is refused (name_reserved)."`
}

type signUpInput struct {
	Body SignUpRequest
}

func registerSignUp(api huma.API, uc *accounts.SignUp) {
	huma.Register(api, huma.Operation{
		OperationID: "sign-up", Method: http.MethodPost, Path: "/auth/sign-up",
		Summary:     "Create an account; a confirmation link is e-mailed",
		Description: "Answers 201 with a message. The account cannot sign in until the mailed link is opened.",
		Tags:        []string{"auth"}, DefaultStatus: http.StatusCreated,
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{409: {accounts.CodeEmailTaken, accounts.CodeHandleTaken}, 422: {accounts.CodeInvalidInput, accounts.CodeNameReserved}, 429: {accounts.CodeRateLimited}}),
	}, func(ctx context.Context, in *signUpInput) (*messageOutput, error) {
		msg, err := uc.Handle(ctx, accounts.SignUpInput{
			Email: in.Body.Email, Password: in.Body.Password, PasswordConfirmation: in.Body.PasswordConfirmation,
			DisplayName: in.Body.DisplayName, Handle: in.Body.Handle, ClientIP: httpkit.ClientIP(ctx),
		})
		return messageAnswer(ctx, msg, err)
	})
}
