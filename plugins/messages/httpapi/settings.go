package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/kit/httpkit"
	"social/plugins/messages/app"
)

// MessageSettings are a member's choices about who may message them.
type MessageSettings struct {
	OnlyFollowing bool `json:"only_following" doc:"Only members I follow may start a conversation with me or write to me."`
}

type dmSettingsOutput struct{ Body MessageSettings }

type dmSettingsInput struct{ Body MessageSettings }

func registerSettings(api huma.API, uc UseCases) {
	huma.Register(api, huma.Operation{
		OperationID: "messages-get-settings", Method: http.MethodGet, Path: "/settings",
		Summary: "The viewer's messages settings", Tags: []string{"messages"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
	}, func(ctx context.Context, _ *struct{}) (*dmSettingsOutput, error) {
		s, err := uc.Settings.Handle(ctx, domain.ViewerFrom(ctx))
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &dmSettingsOutput{Body: MessageSettings{OnlyFollowing: s.OnlyFollowing}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "messages-update-settings", Method: http.MethodPut, Path: "/settings",
		Summary: "Change the viewer's messages settings", Tags: []string{"messages"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile}}),
	}, func(ctx context.Context, in *dmSettingsInput) (*dmSettingsOutput, error) {
		s, err := uc.Update.Handle(ctx, domain.ViewerFrom(ctx), app.Settings{OnlyFollowing: in.Body.OnlyFollowing})
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &dmSettingsOutput{Body: MessageSettings{OnlyFollowing: s.OnlyFollowing}}, nil
	})
}
