package http

import (
	"errors"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"
)

// uploadEnvelope is room for the multipart boundaries, part headers and
// text fields around an uploaded file.
const uploadEnvelope = 64 << 10

// uploadMemory is how much of a form is kept in memory; the rest of a file
// waits in a temporary file, removed when the request is done.
const uploadMemory = 1 << 20

// LimitUpload is the middleware of a multipart upload operation: it caps
// the body while it is read (maxFile plus the envelope) and answers
// tooLarge's problem as soon as the body runs over, before anything is
// buffered beyond the cap. The form is parsed here so that the size error
// is ours; Huma reuses it.
func LimitUpload(api huma.API, maxFile int64, tooLarge func() error) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		r, w := humago.Unwrap(ctx)
		r.Body = http.MaxBytesReader(w, r.Body, maxFile+uploadEnvelope)
		err := r.ParseMultipartForm(uploadMemory)
		if r.MultipartForm != nil {
			defer func() { _ = r.MultipartForm.RemoveAll() }()
		}
		var over *http.MaxBytesError
		if errors.As(err, &over) {
			p := ProblemFrom(ctx.Context(), tooLarge())
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
			return
		}
		next(ctx)
	}
}
