package http

import (
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
)

// maxUploadBody is the largest body a multipart operation may declare: the
// largest file any upload accepts (a post's video) with room for the form
// around it. Huma does not apply an operation's MaxBodyBytes to a
// multipart form; each upload narrows this to its own file's cap in its
// LimitUpload middleware, which also runs before the body is read.
const maxUploadBody = domain.MaxPostVideoBytes + 64<<10

// refuseBodyEarly runs before any operation that takes a body reads a byte
// of it, so that a request declaring a huge body and then sending nothing
// holds no connection for the read timeout:
//
//   - an operation that needs a session refuses a request without one
//     (401 unauthenticated; 503 when the session could not be checked);
//   - a declared Content-Length over what the operation accepts is
//     refused with 413 too_large. The cap is the operation's own
//     declaration: Huma's MaxBodyBytes (1 MiB unless the operation states
//     another), which Huma would otherwise apply only after reading.
//
// Both come from the operation as registered (its Security and its
// request body), so an operation added later is covered without a list.
func refuseBodyEarly(api huma.API) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		op := ctx.Operation()
		if op == nil || op.RequestBody == nil {
			next(ctx)
			return
		}
		refuse := func(p *httpkit.Problem) {
			// The body is not read: the connection is closed after the
			// answer rather than drained for the next request.
			ctx.SetHeader("Connection", "close")
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
		}
		if requiresBearer(op) && !domain.ViewerFrom(ctx.Context()).SignedIn() {
			refuse(httpkit.ProblemFrom(ctx.Context(), errs.Unauthenticated("unauthenticated", errs.MsgUnauthenticated)))
			return
		}
		r, _ := humago.Unwrap(ctx)
		if r.ContentLength > bodyCap(op) {
			refuse(httpkit.StatusProblem(ctx.Context(), http.StatusRequestEntityTooLarge))
			return
		}
		next(ctx)
	}
}

// bodyCap is the most bytes op accepts in a body.
func bodyCap(op *huma.Operation) int64 {
	if _, multipart := op.RequestBody.Content["multipart/form-data"]; multipart {
		return maxUploadBody
	}
	if op.MaxBodyBytes > 0 {
		return op.MaxBodyBytes
	}
	return maxUploadBody
}
