package httpkit

import (
	"errors"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"social/core/domain"
	"social/core/errs"
)

// uploadEnvelope is room for the multipart boundaries, part headers and
// text fields around an uploaded file.
const uploadEnvelope = 64 << 10

// uploadMemory is how much of a form is kept in memory; the rest of a file
// waits in a temporary file, removed when the request is done.
const uploadMemory = 1 << 20

// LimitUpload is the middleware of a multipart upload operation, for
// signed-in members only: it refuses nobody (with anonymous's problem, the
// operation's own) and an over-long declared length before reading, caps
// the body while it is read (maxFile plus the envelope) and answers
// tooLarge's problem as soon as the body runs over, before anything is
// buffered beyond the cap. The form is parsed here so that the size error
// is ours; Huma reuses it.
func LimitUpload(api huma.API, maxFile int64, anonymous, tooLarge func() error) func(ctx huma.Context, next func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		r, w := humago.Unwrap(ctx)
		// Every upload is a member's: nobody gets 401 before a byte of the
		// body is read, and a declared length over the cap gets 413 at
		// once, so that neither can hold a connection and a spill file
		// for as long as the body takes to arrive.
		if !domain.ViewerFrom(ctx.Context()).SignedIn() {
			p := ProblemFrom(ctx.Context(), anonymous())
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
			return
		}
		if r.ContentLength > maxFile+uploadEnvelope {
			p := ProblemFrom(ctx.Context(), tooLarge())
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
			return
		}
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
		// A body that stopped arriving (past http.read_timeout) or broke off
		// ends here: going on would let the operation read it again under
		// its own, longer deadline, and a client sending a byte at a time
		// would hold the connection and the spill file that much longer.
		if errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF) {
			p := StatusProblem(ctx.Context(), http.StatusBadRequest)
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
			return
		}
		if r.MultipartForm != nil {
			for name, values := range r.MultipartForm.Value {
				for _, v := range values {
					if strings.ContainsRune(v, 0) {
						RefuseUnstorable(w, r, "body."+name)
						return
					}
				}
			}
		}
		next(ctx)
	}
}

// Code and message of text PostgreSQL cannot store (a NUL character).
const (
	CodeUnstorableText = "unstorable_text"
	MsgUnstorableText  = "Este campo contém um caractere nulo (U+0000), que não pode ser guardado. Remova-o e tente novamente."
)

// RefuseUnstorable answers 422 unstorable_text naming the field at
// location (body.text, query.q) that holds a NUL character.
func RefuseUnstorable(w http.ResponseWriter, r *http.Request, location string) {
	p := ProblemFrom(r.Context(), errs.Invalid(CodeUnstorableText, MsgUnstorableText, nil))
	p.Errors = []FieldError{{Location: location, Message: MsgUnstorableText}}
	WriteProblem(w, p)
}
