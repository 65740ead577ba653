package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/core/domain"
	posts "social/features/posts/app"
)

func registerDeletePost(api huma.API, uc *posts.DeletePost) {
	huma.Register(api, huma.Operation{
		OperationID: "delete-post", Method: http.MethodDelete, Path: "/posts/{id}", DefaultStatus: http.StatusNoContent,
		Summary: "Delete a post (author only)", Tags: []string{"posts"},
		Security: httpadapter.Bearer, Metadata: httpadapter.Refuses(httpadapter.Refusals{403: {posts.CodeNotAuthor}, 404: {posts.CodeNotFound}}),
	}, func(ctx context.Context, in *postPath) (*struct{}, error) {
		id, err := in.id()
		if err == nil {
			err = uc.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return nil, nil
	})
}
