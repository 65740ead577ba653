package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/core/domain"
	profiles "social/features/profiles/app"
)

func registerGetMyProfile(api huma.API, uc *profiles.GetMyProfile, links Links) {
	huma.Register(api, huma.Operation{
		OperationID: "get-my-profile", Method: http.MethodGet, Path: "/profiles/me",
		Summary: "The signed-in member's own profile", Tags: []string{"profiles"},
		Security: httpadapter.Bearer, Metadata: httpadapter.Refuses(httpadapter.Refusals{404: {profiles.CodeNotFound}}),
	}, func(ctx context.Context, _ *struct{}) (*profileOutput, error) {
		p, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return &profileOutput{Body: links.Profile(ctx, p)}, nil
	})
}
