package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	digest "social/features/digest/app"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// UseCases are the digest's operations.
type UseCases struct {
	Get         *digest.GetPreference
	Set         *digest.SetPreference
	Unsubscribe *digest.Unsubscribe
}

// NewRoutes contributes the digest's operations under /api/v1.
func NewRoutes(uc UseCases) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) { register(api, uc) }}
}

// Preference is the member's weekly e-mail digest choice.
type Preference struct {
	Enabled bool `json:"enabled" doc:"Whether the member gets the weekly e-mail digest of their unread notifications (off until they turn it on)."`
}

type preferenceOutput struct{ Body Preference }

type setInput struct{ Body Preference }

type unsubscribeInput struct {
	Body struct {
		Token string `json:"token" maxLength:"100" doc:"The token of the digest e-mail's link (the t in its #t=...)."`
	}
}

func register(api huma.API, uc UseCases) {
	tags := []string{"notifications"}
	huma.Register(api, huma.Operation{
		OperationID: "email-digest-get", Method: http.MethodGet, Path: "/notifications/email-digest",
		Summary: "Whether the member gets the weekly e-mail digest", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*preferenceOutput, error) {
		on, err := uc.Get.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &preferenceOutput{Body: Preference{Enabled: on}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "email-digest-set", Method: http.MethodPut, Path: "/notifications/email-digest",
		Summary: "Turn the weekly e-mail digest on or off", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, in *setInput) (*preferenceOutput, error) {
		on, err := uc.Set.Handle(ctx, domain.ViewerFrom(ctx), in.Body.Enabled)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &preferenceOutput{Body: Preference{Enabled: on}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "email-digest-unsubscribe", Method: http.MethodPost, Path: "/notifications/email-digest/unsubscribe",
		Summary: "Turn the weekly e-mail digest off with the token of a digest e-mail's link, without signing in",
		Description: "The link puts its token in the URL fragment, which browsers never send: the member app's page " +
			"posts it here in the body, so no URL the server receives or logs carries it.",
		Tags: tags, DefaultStatus: http.StatusNoContent,
		Security: httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{
			422: {digest.CodeLinkInvalid, digest.CodeLinkExpired}}),
	}, func(ctx context.Context, in *unsubscribeInput) (*struct{}, error) {
		if err := uc.Unsubscribe.Handle(ctx, in.Body.Token); err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return nil, nil
	})
}
