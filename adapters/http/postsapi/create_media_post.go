package postsapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	httpadapter "social/adapters/http"
	"social/core/app/posts"
	"social/core/domain"
)

// mediaPostForm is the multipart form of a post with an image or a video.
type mediaPostForm struct {
	RawBody huma.MultipartFormFiles[struct {
		File        huma.FormFile `form:"file" required:"false" doc:"Required. Image (JPEG, PNG, WebP; at most 10 MB) or video (MP4, WebM, Ogg; at most 50 MB), decided from the bytes."`
		TextContent string        `form:"text_content" required:"false" doc:"Optional; when not blank, at most 280 characters."`
		Visibility  string        `form:"visibility" required:"false" enum:"public,friends_only" doc:"Default public."`
		Type        string        `form:"type" required:"false" enum:"image,video" doc:"Optional; when given, the file must be of this kind."`
	}]
}

const (
	// uploadEnvelope is room for the multipart boundaries, part headers and
	// the text fields around the file itself.
	uploadEnvelope = 64 << 10
	// uploadMemory is how much of a form is kept in memory; the rest of a
	// file waits in a temporary file until the request ends.
	uploadMemory = 1 << 20
)

func registerCreateMediaPost(api huma.API, uc UseCases, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "create-media-post", Method: http.MethodPost, Path: "/posts/media", DefaultStatus: http.StatusCreated,
		Summary: "Publish a post with an image or a video", Tags: []string{"posts"}, Security: bearer,
		Errors: []int{http.StatusUnauthorized, http.StatusForbidden, http.StatusRequestEntityTooLarge,
			http.StatusUnprocessableEntity},
		BodyReadTimeout: 5 * time.Minute,
		Middlewares:     huma.Middlewares{limitMediaUpload(api)},
	}, func(ctx context.Context, in *mediaPostForm) (*struct{ Body CreatedPost }, error) {
		viewer := domain.ViewerFrom(ctx)
		form := in.RawBody.Data()
		np := posts.NewMediaPost{Text: form.TextContent, Type: domain.PostType(form.Type),
			Visibility: domain.Visibility(form.Visibility)}
		if form.File.IsSet {
			defer form.File.Close()
			np.File = &posts.MediaFile{Body: form.File, Size: form.File.Size}
		}
		c, err := uc.CreateMedia.Handle(ctx, viewer, np)
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		it, err := uc.Get.Handle(ctx, viewer, c.Post.ID)
		if err != nil {
			return nil, httpadapter.ProblemFrom(ctx, err)
		}
		return &struct{ Body CreatedPost }{Body: CreatedPost{Post: l.post(ctx, it), Hashtags: c.Hashtags, Mentions: c.Mentions}}, nil
	})
}

// limitMediaUpload caps the body while it is read (the largest file, a
// 50 MB video, plus the envelope) and answers 413 as soon as it runs over,
// before anything is buffered beyond the cap. Past uploadMemory the file
// spills to a temporary file, removed when the request is done.
func limitMediaUpload(api huma.API) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		r, w := humago.Unwrap(ctx)
		r.Body = http.MaxBytesReader(w, r.Body, domain.MaxPostVideoBytes+uploadEnvelope)
		// Parsed here so that the size error is ours; Huma reuses the form.
		err := r.ParseMultipartForm(uploadMemory)
		if r.MultipartForm != nil {
			defer func() { _ = r.MultipartForm.RemoveAll() }()
		}
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			p := httpadapter.ProblemFrom(ctx.Context(), posts.MediaTooLarge(domain.PostVideo))
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
			return
		}
		next(ctx)
	}
}
