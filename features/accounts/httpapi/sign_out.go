package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/features/accounts/wire"
	"social/kit/httpkit"
)

type signOutOutput struct {
	SetCookie []string `header:"Set-Cookie"`
}

func registerSignOut(api huma.API, uc *accounts.SignOut, p wire.SessionPresenter) {
	huma.Register(api, huma.Operation{
		OperationID: "sign-out", Method: http.MethodPost, Path: "/auth/sign-out",
		Summary:     "End the session and clear the refresh cookie",
		Description: "Ends the session of the refresh token (cookie or body) and of the bearer token; 204 even with no session.",
		Tags:        []string{"auth"}, DefaultStatus: http.StatusNoContent,
		Security: httpkit.BearerOptional, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, in *refreshInput) (*signOutOutput, error) {
		token := in.Cookie
		if in.Body != nil && in.Body.RefreshToken != "" {
			token = in.Body.RefreshToken
		}
		if err := uc.Handle(ctx, token, domain.ViewerFrom(ctx)); err != nil {
			return nil, problem(ctx, err)
		}
		return &signOutOutput{SetCookie: p.Cookies.Clear()}, nil
	})
}
