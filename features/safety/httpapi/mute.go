package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/kit/httpkit"
)

// MuteState is the viewer's mute of a member after a mute or unmute.
type MuteState struct {
	Muting bool `json:"muting"`
}

func registerMute(api huma.API, mute *safety.MuteMember, unmute *safety.UnmuteMember) {
	refusals := httpkit.Refusals{403: {safety.CodeNoProfile}, 404: {safety.CodeNotFound}, 422: {safety.CodeMuteSelf}}
	huma.Register(api, huma.Operation{
		OperationID: "mute-profile", Method: http.MethodPost, Path: "/profiles/{handle}/mute",
		Summary: "Mute a member (idempotent)", Tags: []string{"safety"},
		Description: "The viewer stops seeing the member's posts and notifications. The muted member is not told " +
			"and may still see and interact with the viewer.",
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(refusals),
	}, func(ctx context.Context, in *handlePath) (*struct{ Body MuteState }, error) {
		out, err := mute.Handle(ctx, domain.ViewerFrom(ctx), in.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body MuteState }{Body: MuteState{Muting: out.Muted}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "unmute-profile", Method: http.MethodDelete, Path: "/profiles/{handle}/mute",
		Summary: "Stop muting a member (idempotent)", Tags: []string{"safety"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(refusals),
	}, func(ctx context.Context, in *handlePath) (*struct{ Body MuteState }, error) {
		out, err := unmute.Handle(ctx, domain.ViewerFrom(ctx), in.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body MuteState }{Body: MuteState{Muting: out.Muted}}, nil
	})
}
