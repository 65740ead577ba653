package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	comments "social/features/comments/app"
	"social/kit/httpkit"
)

// CommentPage is one page of a post's thread.
type CommentPage struct {
	Items      []Comment `json:"items"`
	NextCursor string    `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page; absent at the end."`
}

func registerListComments(api huma.API, uc *comments.ListComments, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "list-comments", Method: http.MethodGet, Path: "/posts/{id}/comments",
		Summary: "A post's comments, oldest first", Tags: []string{"comments"},
		Description: "Pages of 50, cursor over (created_at, id).",
		Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {comments.CodePostNotFound}, 422: {comments.CodeInvalid}}),
	}, func(ctx context.Context, in *struct {
		ID     string `path:"id" doc:"The post's ID."`
		Cursor string `query:"cursor" maxLength:"200"`
	}) (*struct{ Body CommentPage }, error) {
		viewer := domain.ViewerFrom(ctx)
		id, err := postID(in.ID)
		var page comments.Page
		if err == nil {
			page, err = uc.Handle(ctx, viewer, id, in.Cursor)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := CommentPage{Items: make([]Comment, len(page.Items)), NextCursor: page.Next}
		for i, c := range page.Items {
			out.Items[i] = l.comment(ctx, viewer, c)
		}
		return &struct{ Body CommentPage }{Body: out}, nil
	})
}
