package http

import (
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"social/core/domain"
	"social/core/ports"
	"social/kit/httpkit"
)

// Codes of the Idempotency-Key refusals (httpkit.Idempotency's).
const (
	CodeIdempotencyKeyInvalid = httpkit.CodeIdempotencyKeyInvalid
	CodeIdempotencyKeyReused  = httpkit.CodeIdempotencyKeyReused
	CodeIdempotencyInProgress = httpkit.CodeIdempotencyInProgress
	CodeIdempotencyApplied    = httpkit.CodeIdempotencyApplied
)

// idempotencyMiddleware makes an operation marked CreatesOnce safe to
// retry when the request carries an Idempotency-Key: httpkit.Idempotency
// claims the key, replays a finished answer or refuses a reused key, in
// this API's problem+json. Without the header, or without a session (the
// operation answers 401), nothing changes.
func idempotencyMiddleware(api huma.API, keys ports.IdempotencyKeys) func(huma.Context, func(huma.Context)) {
	once := httpkit.NewIdempotency(keys)
	return func(ctx huma.Context, next func(huma.Context)) {
		key := ctx.Header("Idempotency-Key")
		if on, _ := ctx.Operation().Metadata[idempotentKey].(bool); !on || key == "" || keys == nil {
			next(ctx)
			return
		}
		viewer := domain.ViewerFrom(ctx.Context())
		if !viewer.SignedIn() {
			next(ctx)
			return
		}
		r, w := humago.Unwrap(ctx)
		once.Serve(w, r.WithContext(ctx.Context()), viewer.UserID, key, func(err error) {
			p := httpkit.ProblemFrom(ctx.Context(), err)
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
		}, func(w http.ResponseWriter, r *http.Request) {
			// The operation answers through the recording writer.
			next(humago.NewContext(ctx.Operation(), r, w))
		})
	}
}
