package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/errs"
	accounts "social/features/accounts/app"
	"social/features/accounts/wire"
	"social/kit/httpkit"
)

// Where the confirmation link lands.
const (
	// The parameter tells the member app that a session was just opened
	// (it asks for one only when it has reason to think there is one).
	confirmedLocation       = "/?sessao=1"
	invalidConfirmationPath = "/auth?confirmacao=invalida"
)

type confirmOutput struct {
	Status    int
	Location  string   `header:"Location"`
	SetCookie []string `header:"Set-Cookie"`
}

func registerConfirmEmail(api huma.API, uc *accounts.ConfirmEmail, p wire.SessionPresenter) {
	huma.Register(api, huma.Operation{
		OperationID: "confirm-email", Method: http.MethodGet, Path: "/auth/confirm",
		Summary: "Open the e-mailed confirmation link",
		Description: "A valid token confirms the account, opens a session (refresh cookie) and redirects to \"/?sessao=1\"; " +
			"an invalid, expired or used one redirects to \"" + invalidConfirmationPath + "\".",
		Tags: []string{"auth"}, DefaultStatus: http.StatusSeeOther,
		Security: httpkit.Public, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, in *struct {
		Token string `query:"token" doc:"The token of the e-mailed link."`
	}) (*confirmOutput, error) {
		s, err := uc.Handle(ctx, in.Token, device(ctx))
		if e, ok := errs.As(err); ok && e.Code == accounts.CodeInvalidToken {
			return &confirmOutput{Status: http.StatusSeeOther, Location: invalidConfirmationPath}, nil
		}
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &confirmOutput{Status: http.StatusSeeOther, Location: confirmedLocation,
			SetCookie: p.Cookies.Refresh(s.RefreshToken, s.ExpiresAt)}, nil
	})
}
