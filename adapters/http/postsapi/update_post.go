package postsapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	httpadapter "social/adapters/http"
	"social/core/app/posts"
	"social/core/domain"
)

// PostTextForm is the edit form: only the text changes.
type PostTextForm struct {
	TextContent string `json:"text_content" maxLength:"2000" doc:"1 to 280 characters, not blank."`
}

func registerUpdatePost(api huma.API, uc *posts.UpdatePostText, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "update-post", Method: http.MethodPatch, Path: "/posts/{id}",
		Summary: "Edit a post's text (author only)", Tags: []string{"posts"},
		Security: httpadapter.Bearer, Metadata: httpadapter.Refuses(httpadapter.Refusals{403: {posts.CodeNotAuthor}, 404: {posts.CodeNotFound}, 422: {posts.CodeEmpty, posts.CodeTooLong, posts.CodeInvalid}}),
	}, func(ctx context.Context, in *struct {
		ID   string `path:"id" doc:"The post's ID."`
		Body PostTextForm
	}) (*postOutput, error) {
		id, err := postPath{ID: in.ID}.id()
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		it, err := uc.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.TextContent)
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return &postOutput{Body: l.post(ctx, it)}, nil
	})
}
