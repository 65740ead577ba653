package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	comments "social/features/comments/app"
	"social/kit/httpkit"
)

// NewCommentForm is the comment form.
type NewCommentForm struct {
	TextContent string `json:"text_content" maxLength:"4000" doc:"1 to 500 characters, not blank."`
}

func registerCreateComment(api huma.API, uc *comments.CreateComment, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "create-comment", Method: http.MethodPost, Path: "/posts/{id}/comments",
		DefaultStatus: http.StatusCreated,
		Summary:       "Comment on a post", Tags: []string{"comments"},
		Description: "20 comments a minute per member (429 rate_limited). The post's comment_count moves in the " +
			"same transaction; comment.created {post_id, comment_id, comment_count} goes to post:{id}.",
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {comments.CodeNoProfile}, 404: {comments.CodePostNotFound}, 422: {comments.CodeEmpty, comments.CodeTooLong}, 429: {comments.CodeRateLimited}}),
	}, func(ctx context.Context, in *struct {
		ID   string `path:"id" doc:"The post's ID."`
		Body NewCommentForm
	}) (*struct{ Body Comment }, error) {
		viewer := domain.ViewerFrom(ctx)
		id, err := postID(in.ID)
		var c comments.Created
		if err == nil {
			c, err = uc.Handle(ctx, viewer, id, in.Body.TextContent)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &struct{ Body Comment }{Body: l.comment(ctx, viewer, c.Comment)}, nil
	})
}
