package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

func registerDeletePost(api huma.API, uc *posts.DeletePost) {
	huma.Register(api, huma.Operation{
		OperationID: "delete-post", Method: http.MethodDelete, Path: "/posts/{id}", DefaultStatus: http.StatusNoContent,
		Summary: "Delete a post (author only)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {posts.CodeNotAuthor}, 404: {posts.CodeNotFound}}),
	}, func(ctx context.Context, in *postPath) (*struct{}, error) {
		id, err := in.id()
		if err == nil {
			err = uc.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		return httpkit.NoContent(ctx, err)
	})
}
