package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/core/domain"
	posts "social/features/posts/app"
)

// ShareState is a post's share count after a share.
type ShareState struct {
	ShareCount int `json:"share_count"`
}

func registerSharePost(api huma.API, uc *posts.SharePost) {
	huma.Register(api, huma.Operation{
		OperationID: "share-post", Method: http.MethodPost, Path: "/posts/{id}/share",
		Summary: "Count a share of a post", Tags: []string{"posts"},
		Security: httpadapter.Bearer, Metadata: httpadapter.Refuses(httpadapter.Refusals{404: {posts.CodeNotFound}}),
	}, func(ctx context.Context, in *postPath) (*struct{ Body ShareState }, error) {
		id, err := in.id()
		n := 0
		if err == nil {
			n, err = uc.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return &struct{ Body ShareState }{Body: ShareState{ShareCount: n}}, nil
	})
}
