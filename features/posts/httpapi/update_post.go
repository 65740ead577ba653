package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// PostTextForm is the edit form: the text, and the description of the
// image of an image post.
type PostTextForm struct {
	TextContent string  `json:"text_content" maxLength:"2000" doc:"1 to 280 characters, not blank."`
	ImageAlt    *string `json:"image_alt,omitempty" required:"false" doc:"Absent: the image's description stays. Otherwise it replaces it (trimmed, at most 1,500 characters; blank removes it); only image posts have one."`
}

func registerUpdatePost(api huma.API, uc *posts.UpdatePostText, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "update-post", Method: http.MethodPatch, Path: "/posts/{id}",
		Summary: "Edit a post's text and image description (author only)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {posts.CodeNotAuthor}, 404: {posts.CodeNotFound}, 422: {posts.CodeEmpty, posts.CodeTooLong, posts.CodeInvalid, posts.CodeImageAltTooLong, posts.CodeImageAltNoImage}}),
	}, func(ctx context.Context, in *struct {
		ID   string `path:"id" doc:"The post's ID."`
		Body PostTextForm
	}) (*postOutput, error) {
		id, err := postPath{ID: in.ID}.id()
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		it, err := uc.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.TextContent, in.Body.ImageAlt)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &postOutput{Body: l.post(ctx, it)}, nil
	})
}
