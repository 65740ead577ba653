package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	"social/kit/httpkit"
)

// mediaPostForm is the multipart form of a post with an image or a video.
type mediaPostForm struct {
	RawBody huma.MultipartFormFiles[struct {
		File        huma.FormFile `form:"file" required:"false" doc:"Required. Image (JPEG, PNG, WebP; at most 10 MB) or video (MP4, WebM, Ogg; at most 50 MB), decided from the bytes."`
		TextContent string        `form:"text_content" required:"false" doc:"Optional; when not blank, at most 280 characters."`
		ImageAlt    string        `form:"image_alt" required:"false" doc:"Optional description of the image (alt text), trimmed, at most 1,500 characters; refused with a video."`
		Visibility  string        `form:"visibility" required:"false" enum:"public,friends_only" doc:"Default public."`
		Type        string        `form:"type" required:"false" enum:"image,video" doc:"Optional; when given, the file must be of this kind."`
		AudienceID  string        `form:"audience_id" required:"false" format:"uuid" doc:"Optional: the audience (a community's ID) the post is written for; only its members may post there, and the post is for them alone (members_only). visibility must then be public (the default)."`
	}]
}

func registerCreateMediaPost(api huma.API, uc posts.UseCases, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "create-media-post", Method: http.MethodPost, Path: "/posts/media", DefaultStatus: http.StatusCreated,
		Summary: "Publish a post with an image or a video", Tags: []string{"posts"},
		BodyReadTimeout: 5 * time.Minute,
		Middlewares: huma.Middlewares{httpkit.LimitUpload(api, domain.MaxPostVideoBytes,
			func() error { return errs.Unauthenticated(posts.CodeUnauthenticated, posts.MsgNoUser) }, func() error { return posts.MediaTooLarge(domain.PostVideo) })},
		Security: httpkit.Bearer, Metadata: httpkit.CreatesOnce(withAudience(httpkit.Refusals{403: {posts.CodeNoProfile}, 413: {posts.CodeMediaTooLarge}, 422: {posts.CodeEmpty, posts.CodeTooLong, posts.CodeInvalid, posts.CodeMediaRequired, posts.CodeMediaType, posts.CodeImageAltTooLong, posts.CodeImageAltNoImage}, 503: {posts.CodeMediaUnavailable}}, uc.Create.Gate)),
	}, func(ctx context.Context, in *mediaPostForm) (*struct{ Body CreatedPost }, error) {
		viewer := domain.ViewerFrom(ctx)
		form := in.RawBody.Data()
		np := posts.NewMediaPost{Text: form.TextContent, ImageAlt: form.ImageAlt, Type: domain.PostType(form.Type),
			Visibility: domain.Visibility(form.Visibility)}
		if form.File.IsSet {
			defer form.File.Close()
			np.File = &posts.MediaFile{Body: form.File, Size: form.File.Size}
		}
		audience, err := parseAudience(form.AudienceID)
		var c posts.Created
		if err == nil {
			np.Audience = audience
			c, err = uc.CreateMedia.Handle(ctx, viewer, np)
		}
		return created(ctx, uc, l, viewer, c, err)
	})
}
