package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	follows "social/features/follows/app"
	profiles "social/features/profiles/app"
	safety "social/features/safety/app"
	"social/kit/httpkit"
)

// FollowState is the viewer's follow of a profile after a follow or
// unfollow, with that profile's follower count.
type FollowState struct {
	Following     bool `json:"following"`
	FollowerCount int  `json:"follower_count"`
}

type followOutput struct{ Body FollowState }

type handlePath struct {
	Handle string `path:"handle" doc:"The member's handle, e.g. maria_silva."`
}

func registerFollow(api huma.API, follow *follows.FollowMember, unfollow *follows.UnfollowMember) {
	huma.Register(api, huma.Operation{
		OperationID: "follow-profile", Method: http.MethodPost, Path: "/profiles/{handle}/follow",
		Summary: "Follow a member (idempotent)", Tags: []string{"follows"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {follows.CodeNoProfile, safety.CodeBlocked}, 404: {profiles.CodeNotFound}, 422: {follows.CodeSelf}}),
	}, func(ctx context.Context, in *handlePath) (*followOutput, error) {
		out, err := follow.Handle(ctx, domain.ViewerFrom(ctx), in.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &followOutput{Body: FollowState{Following: out.Following, FollowerCount: out.FollowerCount}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "unfollow-profile", Method: http.MethodDelete, Path: "/profiles/{handle}/follow",
		Summary: "Stop following a member (idempotent)", Tags: []string{"follows"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {follows.CodeNoProfile}, 404: {profiles.CodeNotFound}, 422: {follows.CodeSelf}}),
	}, func(ctx context.Context, in *handlePath) (*followOutput, error) {
		out, err := unfollow.Handle(ctx, domain.ViewerFrom(ctx), in.Handle)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &followOutput{Body: FollowState{Following: out.Following, FollowerCount: out.FollowerCount}}, nil
	})
}
