package http

import (
	"context"
	"errors"
	"sync"

	"github.com/danielgtaylor/huma/v2"

	"social/core/errs"
	"social/kit/httpkit"
)

func statusProblem(ctx context.Context, status int) *httpkit.Problem {
	return httpkit.StatusProblem(ctx, status)
}

const codeDatabaseDown = httpkit.CodeDatabaseDown

// installHumaErrors makes Huma's own errors (decoding, validation, unknown
// routes inside the API) speak the same problem shape, in pt-BR. Huma keeps
// these hooks in package variables, so they are set once per process (tests
// run several apps at once); they depend on nothing app-specific.
func installHumaErrors() { humaErrorsOnce.Do(setHumaErrors) }

var humaErrorsOnce sync.Once

func setHumaErrors() {
	huma.NewErrorWithContext = func(hctx huma.Context, status int, msg string, details ...error) huma.StatusError {
		var ctx context.Context = context.Background()
		if hctx != nil {
			ctx = hctx.Context()
		}
		// A handler's own error passes through unchanged.
		for _, d := range details {
			var p *httpkit.Problem
			if errors.As(d, &p) {
				return p
			}
			if _, ok := errs.As(d); (ok || httpkit.Abandoned(ctx, d)) && status >= 500 {
				return httpkit.ProblemFrom(ctx, d)
			}
		}
		p := httpkit.StatusProblem(ctx, status)
		for _, d := range details {
			if d == nil {
				continue
			}
			var detail huma.ErrorDetailer
			if errors.As(d, &detail) {
				ed := detail.ErrorDetail()
				p.Errors = append(p.Errors, httpkit.FieldError{Location: ed.Location, Message: ed.Message})
			} else if status >= 500 {
				httpkit.LoggerFrom(ctx).Error("request failed", "status", status, "msg", msg, "err", d)
			}
		}
		return p
	}
	huma.NewError = func(status int, msg string, details ...error) huma.StatusError {
		return huma.NewErrorWithContext(nil, status, msg, details...)
	}
}
