package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

func registerEndSession(api huma.API, uc *accounts.EndSession) {
	huma.Register(api, huma.Operation{
		OperationID: "end-session", Method: http.MethodDelete, Path: "/auth/sessions/{id}", DefaultStatus: http.StatusNoContent,
		Summary: "End one of the viewer's sessions",
		Description: "At once: its refresh token is refused, its access tokens too, and its realtime sockets close. " +
			"Another member's session, an ended one and an unknown ID answer 404 alike.",
		Tags: []string{"auth"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(httpkit.Refusals{404: {accounts.CodeSessionNotFound}}),
	}, func(ctx context.Context, in *struct {
		ID string `path:"id" doc:"The session's ID (from list-sessions)."`
	}) (*struct{}, error) {
		return httpkit.NoContent(ctx, uc.Handle(ctx, domain.ViewerFrom(ctx), in.ID))
	})
}
