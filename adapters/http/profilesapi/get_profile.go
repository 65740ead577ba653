package profilesapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/core/app/profiles"
)

func registerGetProfile(api huma.API, uc *profiles.GetProfile, links Links) {
	huma.Register(api, huma.Operation{
		OperationID: "get-profile", Method: http.MethodGet, Path: "/profiles/{handle}",
		Summary: "A member's profile by handle", Tags: []string{"profiles"},
		Errors: []int{http.StatusNotFound},
	}, func(ctx context.Context, in *struct {
		Handle string `path:"handle" doc:"The member's handle, e.g. maria_silva."`
	}) (*profileOutput, error) {
		p, err := uc.Handle(ctx, in.Handle)
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return &profileOutput{Body: links.Profile(ctx, p)}, nil
	})
}
