package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	follows "social/features/follows/app"
	profiles "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/httpkit"
)

func registerGetProfile(api huma.API, uc *follows.ViewProfile, links wire.Links) {
	huma.Register(api, huma.Operation{
		OperationID: "get-profile", Method: http.MethodGet, Path: "/profiles/{handle}",
		Summary: "A member's profile by handle, with whether the viewer follows it", Tags: []string{"profiles"},
		Security: httpkit.BearerOptional, Metadata: httpkit.Refuses(httpkit.Refusals{404: {profiles.CodeNotFound}}),
	}, func(ctx context.Context, in *struct {
		Handle string `path:"handle" doc:"The member's handle, e.g. maria_silva."`
	}) (*profileOutput, error) {
		p, err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &profileOutput{Body: links.View(ctx, p)}, nil
	})
}
