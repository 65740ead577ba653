package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	profiles "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/httpkit"
)

func registerGetMyProfile(api huma.API, uc *profiles.GetMyProfile, links wire.Links) {
	huma.Register(api, huma.Operation{
		OperationID: "get-my-profile", Method: http.MethodGet, Path: "/profiles/me",
		Summary: "The signed-in member's own profile", Tags: []string{"profiles"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {profiles.CodeNotFound}}),
	}, func(ctx context.Context, _ *struct{}) (*profileOutput, error) {
		p, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		return ownProfileAnswer(ctx, links, p, err)
	})
}
