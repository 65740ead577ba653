package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// LikeState is a post's like count after a like or unlike.
type LikeState struct {
	LikeCount int  `json:"like_count"`
	IsLiked   bool `json:"is_liked"`
}

type likeOutput struct{ Body LikeState }

func registerLikes(api huma.API, like *posts.LikePost, unlike *posts.UnlikePost) {
	huma.Register(api, huma.Operation{
		OperationID: "like-post", Method: http.MethodPut, Path: "/posts/{id}/like",
		Summary: "Like a post (idempotent)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {posts.CodeNotFound}}),
	}, func(ctx context.Context, in *postPath) (*likeOutput, error) {
		id, err := in.id()
		n := 0
		if err == nil {
			n, err = like.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &likeOutput{Body: LikeState{LikeCount: n, IsLiked: true}}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "unlike-post", Method: http.MethodDelete, Path: "/posts/{id}/like",
		Summary: "Remove one's like (idempotent)", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {posts.CodeNotFound}}),
	}, func(ctx context.Context, in *postPath) (*likeOutput, error) {
		id, err := in.id()
		n := 0
		if err == nil {
			n, err = unlike.Handle(ctx, domain.ViewerFrom(ctx), id)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &likeOutput{Body: LikeState{LikeCount: n, IsLiked: false}}, nil
	})
}
