package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	accounts "social/features/accounts/app"
	"social/features/accounts/wire"
	"social/kit/httpkit"
)

// RefreshRequest carries a refresh token in the body (API clients).
type RefreshRequest struct {
	RefreshToken string `json:"refresh_token,omitempty" doc:"The refresh token, for API clients; the SPA sends the cookie instead."`
}

type refreshInput struct {
	Cookie string          `cookie:"social_refresh" doc:"The refresh cookie (SPA)."`
	Body   *RefreshRequest `required:"false"`
}

func registerRefreshSession(api huma.API, uc *accounts.RefreshSession, p wire.SessionPresenter) {
	huma.Register(api, huma.Operation{
		OperationID: "refresh-session", Method: http.MethodPost, Path: "/auth/refresh",
		Summary: "Trade the refresh token (cookie or body) for a new session",
		Description: "The refresh token is rotated: the answer carries its successor the way it came (cookie or body) " +
			"and the old one stops working. Presenting a rotated token again ends the whole session.",
		Tags:     []string{"auth"},
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{401: {accounts.CodeSessionExpired}}),
	}, func(ctx context.Context, in *refreshInput) (*sessionOutput, error) {
		token, transport := in.Cookie, wire.TransportCookie
		if in.Body != nil && in.Body.RefreshToken != "" {
			token, transport = in.Body.RefreshToken, wire.TransportBody
		}
		s, err := uc.Handle(ctx, token, device(ctx))
		if err != nil {
			// The cookie is left alone: another tab of the same browser may
			// have just rotated it, and clearing it would sign both out.
			return nil, problem(ctx, err)
		}
		return sessionAnswer(ctx, p, s, transport), nil
	})
}
