package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/kit/httpkit"
)

// EndedSessions says how many sessions were ended.
type EndedSessions struct {
	Ended int `json:"ended" doc:"How many sessions were ended (0 when there were no others)."`
}

func registerEndOtherSessions(api huma.API, uc *accounts.EndOtherSessions) {
	huma.Register(api, huma.Operation{
		OperationID: "end-other-sessions", Method: http.MethodPost, Path: "/auth/sessions/end-others",
		Summary:     "End every session of the viewer but this one",
		Description: "Each ends as with end-session; the session of this request's access token stays.",
		Tags:        []string{"auth"}, Security: httpkit.Bearer,
		Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*struct{ Body EndedSessions }, error) {
		n, err := uc.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, problem(ctx, err)
		}
		return &struct{ Body EndedSessions }{Body: EndedSessions{Ended: n}}, nil
	})
}
