package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// ShareState is a post's share count after a share.
type ShareState struct {
	ShareCount int `json:"share_count"`
}

func registerSharePost(api huma.API, uc *posts.SharePost) {
	huma.Register(api, huma.Operation{
		OperationID: "share-post", Method: http.MethodPost, Path: "/posts/{id}/share",
		Summary: "Count a share of a post", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {posts.CodeNotFound}}),
	}, func(ctx context.Context, in *postPath) (*struct{ Body ShareState }, error) {
		id, err := in.id()
		n := 0
		if err == nil {
			n, err = uc.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body ShareState }{Body: ShareState{ShareCount: n}}, nil
	})
}
