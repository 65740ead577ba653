package http

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"io"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/danielgtaylor/huma/v2/adapters/humago"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	"social/kit/httpkit"
)

// Codes of the Idempotency-Key refusals.
const (
	CodeIdempotencyKeyInvalid = "idempotency_key_invalid"
	CodeIdempotencyKeyReused  = "idempotency_key_reused"
	CodeIdempotencyInProgress = "idempotency_in_progress"
)

const (
	maxIdempotencyKey = 255
	// idempotencyAbandoned is how long a claim may stay unfinished before a
	// retry takes it over: longer than any request runs (slow uploads
	// included), so a claim this old belongs to a process that is gone.
	idempotencyAbandoned = 10 * time.Minute
	// idempotencyFingerprintCap bounds how much of a retry's body is read
	// to compare it with the first: more than the largest body an
	// operation accepts (a 50 MB video with its form).
	idempotencyFingerprintCap = 64 << 20
)

// idempotencyMiddleware makes an operation marked CreatesOnce safe to retry
// when the request carries an Idempotency-Key (as payment APIs do): the
// key is claimed for the member before the operation runs (one INSERT, so
// two concurrent retries cannot both run), the answer is stored with a
// fingerprint of the request (method, path, body), and a retry with the
// same key and fingerprint gets that answer again with
// Idempotent-Replayed: true. The same key with another request is refused
// (422 idempotency_key_reused); a retry while the first still runs gets
// 409 idempotency_in_progress. An answer of the server's fault (5xx) is not
// kept: the key is released and a retry runs again. Without the header, or
// without a session (the operation answers 401), nothing changes.
func idempotencyMiddleware(api huma.API, keys ports.IdempotencyKeys) func(huma.Context, func(huma.Context)) {
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
		refuse := func(err error) {
			p := httpkit.ProblemFrom(ctx.Context(), err)
			_ = huma.WriteErr(api, ctx, p.Status, p.Detail, p)
		}
		if !validIdempotencyKey(key) {
			refuse(errs.Invalid(CodeIdempotencyKeyInvalid, errs.MsgIdempotencyKeyInvalid, nil))
			return
		}
		r, _ := humago.Unwrap(ctx)
		fp := sha256.New()
		fp.Write([]byte(r.Method + " " + r.URL.Path + "\n"))
		r.Body = fingerprinted{Reader: io.TeeReader(r.Body, fp), Closer: r.Body}

		claimed, stored, err := keys.Claim(ctx.Context(), viewer.UserID, key, idempotencyAbandoned)
		if err != nil {
			refuse(err)
			return
		}
		if !claimed {
			_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, idempotencyFingerprintCap))
			switch {
			case !stored.Done:
				refuse(errs.Conflict(CodeIdempotencyInProgress, errs.MsgIdempotencyInProgress))
			case subtle.ConstantTimeCompare(stored.Fingerprint, fp.Sum(nil)) != 1:
				refuse(errs.Invalid(CodeIdempotencyKeyReused, errs.MsgIdempotencyKeyReused, nil))
			default:
				ctx.SetHeader("Content-Type", stored.ContentType)
				ctx.SetHeader("Idempotent-Replayed", "true")
				ctx.SetStatus(stored.Status)
				_, _ = ctx.BodyWriter().Write(stored.Body)
			}
			return
		}

		rec := &recordingContext{humaContext: ctx}
		// Release or finish even if the operation panics (the recovery
		// middleware answers 500 then): a claim is never left for a retry
		// to wait on.
		defer func() {
			// The stored answer must not depend on the request's context,
			// which ends when the client goes away.
			store := context.WithoutCancel(ctx.Context())
			if rec.status == 0 || rec.status >= 500 {
				if err := keys.Release(store, viewer.UserID, key); err != nil {
					httpkit.LoggerFrom(store).Error("release idempotency key", "err", err)
				}
				return
			}
			_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, idempotencyFingerprintCap))
			_, w := humago.Unwrap(ctx)
			answer := ports.IdempotentAnswer{Done: true, Fingerprint: fp.Sum(nil), Status: rec.status,
				ContentType: w.Header().Get("Content-Type"), Body: rec.body.Bytes()}
			if err := keys.Finish(store, viewer.UserID, key, answer); err != nil {
				httpkit.LoggerFrom(store).Error("store idempotent answer", "err", err)
			}
		}()
		next(rec)
	}
}

func validIdempotencyKey(k string) bool {
	if len(k) > maxIdempotencyKey {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < 0x21 || k[i] > 0x7e {
			return false
		}
	}
	return true
}

type fingerprinted struct {
	io.Reader
	io.Closer
}

// humaContext names the embedded huma.Context: a field called Context would
// hide its Context method.
type humaContext = huma.Context

// recordingContext keeps a copy of what the operation answers.
type recordingContext struct {
	humaContext
	status int
	body   bytes.Buffer
}

func (c *recordingContext) SetStatus(status int) {
	c.status = status
	c.humaContext.SetStatus(status)
}

func (c *recordingContext) BodyWriter() io.Writer {
	return io.MultiWriter(c.humaContext.BodyWriter(), &c.body)
}

// Unwrap lets humago.Unwrap reach the request and the writer.
func (c *recordingContext) Unwrap() huma.Context { return c.humaContext }
