package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/features/posts/wire"
	"social/kit/httpkit"
)

type postOutput struct{ Body wire.Post }

func registerGetPost(api huma.API, uc *posts.GetPost, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "get-post", Method: http.MethodGet, Path: "/posts/{id}",
		Summary: "One post (a friends_only post for its author and their followers)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {posts.CodeNotFound}}),
	}, func(ctx context.Context, in *postPath) (*postOutput, error) {
		id, err := in.id()
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		it, err := uc.Handle(ctx, domain.ViewerFrom(ctx), id)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &postOutput{Body: l.post(ctx, it)}, nil
	})
}
