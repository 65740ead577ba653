package httpapi

import (
	"context"
	"net/http"
	"social/features/posts/wire"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	"social/kit/httpkit"
	"social/plugins/communities/app"
)

// A community's posts are core posts (the schema Post): edited, liked,
// commented, shared, translated, reported and deleted through /posts/{id}.
// Only their list and their creation, which name the community, are here.

type communityPostsInput struct {
	CommunityPath
	Cursor string `query:"cursor" maxLength:"200" doc:"next_cursor of the previous page."`
}

type communityPostsOutput struct {
	Body struct {
		Items      []wire.Post `json:"items" doc:"Newest first, 50 a page."`
		NextCursor string      `json:"next_cursor,omitempty" doc:"Absent on the last page."`
	}
}

type communityCreatePostInput struct {
	CommunityPath
	Body struct {
		TextContent string `json:"text_content" required:"false" maxLength:"10000" doc:"At most 280 characters."`
	}
}

type communityPostOutput struct{ Body wire.Post }

type communityMediaPostForm struct {
	CommunityPath
	RawBody huma.MultipartFormFiles[struct {
		File        huma.FormFile `form:"file" required:"false" doc:"Required. Image (JPEG, PNG, WebP; at most 10 MB) or video (MP4, WebM, Ogg; at most 50 MB), decided from the bytes."`
		TextContent string        `form:"text_content" required:"false" doc:"Optional; when not blank, at most 280 characters."`
		ImageAlt    string        `form:"image_alt" required:"false" doc:"Optional description of the image (alt text), trimmed, at most 1,500 characters; refused with a video."`
		Type        string        `form:"type" required:"false" enum:"image,video" doc:"Optional; when given, the file must be of this kind."`
	}]
}

func registerPosts(api huma.API, uc UseCases, p present) {
	tags := []string{"communities"}
	huma.Register(api, huma.Operation{
		OperationID: "communities-list-posts", Method: http.MethodGet, Path: "/{id}/posts",
		Summary: "A community's posts (approved members)", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly}, 404: {app.CodeNotFound}, 422: {app.CodeInvalid}}),
	}, func(ctx context.Context, in *communityPostsInput) (*communityPostsOutput, error) {
		id, err := in.id()
		var page posts.FeedPage
		if err == nil {
			page, err = uc.ListPosts.Handle(ctx, domain.ViewerFrom(ctx), id, in.Cursor)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := &communityPostsOutput{}
		out.Body.Items = make([]wire.Post, 0, len(page.Items))
		for _, it := range page.Items {
			out.Body.Items = append(out.Body.Items, wire.Present(ctx, p.media, it))
		}
		out.Body.NextCursor = page.Next
		return out, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-create-post", Method: http.MethodPost, Path: "/{id}/posts", DefaultStatus: http.StatusCreated,
		Summary: "Publish a text post in a community (approved members)", Tags: tags,
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly, posts.CodeAudienceClosed}, 404: {app.CodeNotFound}, 422: {posts.CodeEmpty, posts.CodeTooLong, posts.CodeInvalid}}),
	}, func(ctx context.Context, in *communityCreatePostInput) (*communityPostOutput, error) {
		id, err := in.id()
		var it domain.FeedItem
		if err == nil {
			it, err = uc.CreatePost.Handle(ctx, domain.ViewerFrom(ctx), id, in.Body.TextContent)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &communityPostOutput{Body: wire.Present(ctx, p.media, it)}, nil
	})
	huma.Register(api, huma.Operation{
		OperationID: "communities-create-media-post", Method: http.MethodPost, Path: "/{id}/posts/media",
		DefaultStatus: http.StatusCreated,
		Summary:       "Publish a post with an image or a video in a community (approved members)", Tags: tags,
		BodyReadTimeout: 5 * time.Minute,
		Middlewares: huma.Middlewares{httpkit.LimitUpload(api, domain.MaxPostVideoBytes,
			func() error { return errs.Unauthenticated(app.CodeUnauthenticated, app.MsgNoUserPost) }, func() error { return posts.MediaTooLarge(domain.PostVideo) })},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(httpkit.Refusals{403: {app.CodeNoProfile, app.CodeForbidden, app.CodeMembersOnly, posts.CodeAudienceClosed}, 404: {app.CodeNotFound}, 413: {posts.CodeMediaTooLarge}, 422: {posts.CodeEmpty, posts.CodeTooLong, posts.CodeInvalid, posts.CodeMediaRequired, posts.CodeMediaType, posts.CodeImageAltTooLong, posts.CodeImageAltNoImage}, 503: {posts.CodeMediaUnavailable}}),
	}, func(ctx context.Context, in *communityMediaPostForm) (*communityPostOutput, error) {
		form := in.RawBody.Data()
		np := posts.NewMediaPost{Text: form.TextContent, ImageAlt: form.ImageAlt, Type: domain.PostType(form.Type)}
		if form.File.IsSet {
			defer form.File.Close()
			np.File = &posts.MediaFile{Body: form.File, Size: form.File.Size}
		}
		id, err := in.id()
		var it domain.FeedItem
		if err == nil {
			it, err = uc.CreateMedia.Handle(ctx, domain.ViewerFrom(ctx), id, np)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		return &communityPostOutput{Body: wire.Present(ctx, p.media, it)}, nil
	})
}
