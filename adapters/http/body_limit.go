package http

import (
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
)

// refuseBodyEarly runs before any operation that takes a JSON body reads a
// byte of it, so that a request declaring a huge body and then sending
// nothing holds no connection for the read timeout:
//
//   - a declared Content-Length over what the operation accepts is
//     refused with 413 too_large. The cap is the operation's own
//     declaration: Huma's MaxBodyBytes (1 MiB unless the operation states
//     another), which Huma would otherwise apply only after reading;
//   - an operation that needs a session refuses a request without one
//     whose body it would not read whole anyway (a declared length over
//     the cap, or none declared): 401 unauthenticated at once (503 when
//     the session could not be checked). A body within the cap is read
//     first, so that the operation answers its own message.
//
// Both come from the operation as registered (its Security and its
// request body), so an operation added later is covered without a list.
// A multipart upload is left to its LimitUpload middleware, which runs
// next and makes the same checks, with the upload's own cap and messages,
// before reading.
func refuseBodyEarly(api huma.API) func(huma.Context, func(huma.Context)) {
	return func(ctx huma.Context, next func(huma.Context)) {
		op := ctx.Operation()
		if op == nil || op.RequestBody == nil || op.RequestBody.Content["multipart/form-data"] != nil {
			next(ctx)
			return
		}
		refuse := func(p *httpkit.Problem) {
			// The body is not read: the connection is closed after the
			// answer rather than drained for the next request.
			ctx.SetHeader("Connection", "close")
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
		}
		r, _ := humago.Unwrap(ctx)
		limit := bodyCap(op)
		unbounded := r.ContentLength > limit || r.ContentLength < 0
		if unbounded && requiresBearer(op) && !domain.ViewerFrom(ctx.Context()).SignedIn() {
			refuse(httpkit.ProblemFrom(ctx.Context(), errs.Unauthenticated("unauthenticated", errs.MsgUnauthenticated)))
			return
		}
		if r.ContentLength > limit {
			refuse(httpkit.StatusProblem(ctx.Context(), http.StatusRequestEntityTooLarge))
			return
		}
		next(ctx)
	}
}

// bodyCap is the most bytes op accepts in a body.
func bodyCap(op *huma.Operation) int64 {
	if op.MaxBodyBytes > 0 {
		return op.MaxBodyBytes
	}
	return defaultBodyCap
}

// defaultBodyCap is Huma's own default MaxBodyBytes, which it sets on
// every operation that states none.
const defaultBodyCap = 1 << 20
