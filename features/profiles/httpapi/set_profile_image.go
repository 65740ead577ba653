package httpapi

import (
	"context"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	profiles "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/httpkit"
)

// imageUpload is the multipart form of a picture upload.
type imageUpload struct {
	RawBody huma.MultipartFormFiles[struct {
		File huma.FormFile `form:"file" required:"false" doc:"JPEG, PNG or WebP (decided from the bytes), at most 5 MB."`
	}]
}

func registerSetProfileImage(api huma.API, uc *profiles.SetProfileImage, links wire.Links, img domain.ProfileImage) {
	huma.Register(api, huma.Operation{
		OperationID: fmt.Sprintf("set-my-%s", img), Method: http.MethodPut, Path: fmt.Sprintf("/profiles/me/%s", img),
		Summary: fmt.Sprintf("Replace the signed-in member's %s", img), Tags: []string{"profiles"},
		BodyReadTimeout: time.Minute,
		Middlewares: huma.Middlewares{httpkit.LimitUpload(api, domain.MaxProfileImageBytes,
			func() error { return errs.Unauthenticated(profiles.CodeNoUser, domain.MsgProfileNoUser) }, func() error { return profiles.FileTooLarge() })},
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{404: {profiles.CodeNotFound}, 413: {profiles.CodeFileLarge}, 422: {profiles.CodeFileAbsent, profiles.CodeFileName, profiles.CodeFileType, ports.CodeInvalidImage}, 429: {profiles.CodeRateLimit}, 503: {profiles.CodeMediaUnavailable}}),
	}, func(ctx context.Context, in *imageUpload) (*profileOutput, error) {
		up, err := readUpload(in.RawBody.Form)
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		p, err := uc.Handle(ctx, domain.ViewerFrom(ctx), img, up, httpkit.ClientIP(ctx))
		return ownProfileAnswer(ctx, links, p, err)
	})
}

// readUpload takes the "file" part: its bytes and the name the client gave
// it, as sent (multipart's FileHeader.Filename drops any folder, which would
// hide a "../" the rules must refuse).
func readUpload(form *multipart.Form) (profiles.Upload, error) {
	if form == nil || len(form.File["file"]) == 0 {
		return profiles.Upload{}, nil
	}
	fh := form.File["file"][0]
	name := fh.Filename
	if _, params, err := mime.ParseMediaType(fh.Header.Get("Content-Disposition")); err == nil && params["filename"] != "" {
		name = params["filename"]
	}
	f, err := fh.Open()
	if err != nil {
		return profiles.Upload{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, domain.MaxProfileImageBytes+1))
	if err != nil {
		return profiles.Upload{}, err
	}
	return profiles.Upload{FileName: name, Data: data}, nil
}
