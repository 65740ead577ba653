package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	comments "social/features/comments/app"
	"social/kit/httpkit"
)

func registerDeleteComment(api huma.API, uc *comments.DeleteComment) {
	huma.Register(api, huma.Operation{
		OperationID: "delete-comment", Method: http.MethodDelete, Path: "/comments/{id}",
		DefaultStatus: http.StatusNoContent,
		Summary:       "Delete a comment (its author or the post's author)", Tags: []string{"comments"},
		Description: "comment.deleted {post_id, comment_id, comment_count} goes to post:{id}.",
		Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {comments.CodeNotAuthor}, 404: {comments.CodeNotFound}}),
	}, func(ctx context.Context, in *commentPath) (*struct{}, error) {
		id, err := in.id()
		if err == nil {
			err = uc.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		return httpkit.NoContent(ctx, err)
	})
}
