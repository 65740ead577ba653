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

func registerListAuthorPosts(api huma.API, uc *posts.ListAuthorPosts, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "list-profile-posts", Method: http.MethodGet, Path: "/profiles/{handle}/posts",
		Summary: "A profile's posts, newest first", Tags: []string{"posts"},
		Description: "Every post of the member for themselves and their followers (followers-only ones included), " +
			"the public ones for anyone else. Cursor over (created_at, id), as the chronological feed.",
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {posts.CodeProfileNotFound}, 422: {posts.CodeInvalid}}),
	}, func(ctx context.Context, in *struct {
		Handle string `path:"handle" doc:"The member's handle (any case, '@' allowed)."`
		Cursor string `query:"cursor" maxLength:"200"`
		Limit  int    `query:"limit" minimum:"1" maximum:"50" default:"50"`
	}) (*struct{ Body FeedPage }, error) {
		page, err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.Handle, in.Cursor, in.Limit)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := FeedPage{Items: make([]wire.Post, len(page.Items)), NextCursor: page.Next}
		for i, it := range page.Items {
			out.Items[i] = l.post(ctx, it)
		}
		return &struct{ Body FeedPage }{Body: out}, nil
	})
}
