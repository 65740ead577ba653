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

// NewPostForm is the create form of a text post. Posts with a file go
// through create-media-post; here image and video are refused without one.
type NewPostForm struct {
	TextContent string `json:"text_content" maxLength:"2000" doc:"1 to 280 characters, not blank."`
	Type        string `json:"type,omitempty" enum:"text,image,video" default:"text"`
	Visibility  string `json:"visibility,omitempty" enum:"public,friends_only" default:"public"`
	AudienceID  string `json:"audience_id,omitempty" format:"uuid" doc:"Optional: the audience (a community's ID) the post is written for; only its members may post there, and the post is for them alone (members_only). visibility must then be public (the default)."`
}

// CreatedPost is the new post with the words its text names.
type CreatedPost struct {
	wire.Post
	Hashtags []string `json:"hashtags" doc:"Words after #, lowercased, distinct."`
	Mentions []string `json:"mentions" doc:"Words after @, lowercased, distinct (no effect yet)."`
}

// created answers a create-post or a create-media-post: the new post as
// its author reads it, or the problem the create (err) or the read met.
func created(ctx context.Context, uc posts.UseCases, l links, viewer domain.Viewer, c posts.Created, err error) (*struct{ Body CreatedPost }, error) {
	if err != nil {
		return nil, httpkit.ProblemFrom(ctx, err)
	}
	it, err := uc.Get.Handle(ctx, viewer, c.Post.ID)
	if err != nil {
		return nil, httpkit.ProblemFrom(ctx, err)
	}
	return &struct{ Body CreatedPost }{Body: CreatedPost{Post: l.post(ctx, it), Hashtags: c.Hashtags, Mentions: c.Mentions}}, nil
}

func registerCreatePost(api huma.API, uc posts.UseCases, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "create-post", Method: http.MethodPost, Path: "/posts", DefaultStatus: http.StatusCreated,
		Summary: "Publish a post", Tags: []string{"posts"},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(withAudience(httpkit.Refusals{403: {posts.CodeNoProfile}, 422: {posts.CodeEmpty, posts.CodeTooLong, posts.CodeInvalid}}, uc.Create.Gate)),
	}, func(ctx context.Context, in *struct{ Body NewPostForm }) (*struct{ Body CreatedPost }, error) {
		viewer := domain.ViewerFrom(ctx)
		audience, err := parseAudience(in.Body.AudienceID)
		var c posts.Created
		if err == nil {
			c, err = uc.Create.Handle(ctx, viewer, posts.NewPost{Text: in.Body.TextContent,
				Type: domain.PostType(in.Body.Type), Visibility: domain.Visibility(in.Body.Visibility), Audience: audience})
		}
		return created(ctx, uc, l, viewer, c, err)
	})
}
