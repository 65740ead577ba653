package httpkit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"io"
	"net/http"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Codes of the Idempotency-Key refusals.
const (
	CodeIdempotencyKeyInvalid = "idempotency_key_invalid"
	CodeIdempotencyKeyReused  = "idempotency_key_reused"
	CodeIdempotencyInProgress = "idempotency_in_progress"
	CodeIdempotencyApplied    = "idempotency_already_applied"
)

const (
	// MaxIdempotencyKey is the longest key, in bytes.
	MaxIdempotencyKey = 255
	// idempotencyAbandoned is how long a claim may stay unfinished before a
	// retry takes it over: longer than any request runs (slow uploads
	// included), so a claim this old belongs to a process that is gone.
	// The store may take over sooner the claim of a process it knows is
	// gone (the PostgreSQL store: its lease lapsed).
	idempotencyAbandoned = 10 * time.Minute
	// idempotencyFingerprintCap bounds how much of a retry's body is read
	// to compare it with the first: more than the largest body an
	// operation accepts (a 50 MB video with its form).
	idempotencyFingerprintCap = 64 << 20
)

// Idempotency makes a creating request safe to retry when it carries an
// Idempotency-Key (as payment APIs do), for every door that creates: this
// API's operations marked CreatesOnce and the Mastodon client API's. The
// key is claimed for the member before the request runs (one INSERT, so
// two concurrent retries cannot both run), the answer is stored with a
// fingerprint of the request (method, path, body), and a retry with the
// same key and fingerprint gets that answer again with
// Idempotent-Replayed: true. The same key with another request is refused
// (422 idempotency_key_reused); a retry while the first still runs gets
// 409 idempotency_in_progress. An answer of the server's fault (5xx, or a
// panic) is not kept: the key is released and a retry runs again.
//
// Every transaction the request commits marks its key committed, inside
// it (ports.WithBeforeCommit, IdempotencyKeys.MarkCommitted). A key whose
// write committed but whose answer was never stored (the database went
// away around the commit, or the process died) is not run again: a retry
// gets 409 idempotency_already_applied, which tells the client the write
// happened and that it should read it rather than send it again.
type Idempotency struct {
	Keys ports.IdempotencyKeys
}

// NewIdempotency is the Idempotency over keys (nil: every request runs).
func NewIdempotency(keys ports.IdempotencyKeys) Idempotency { return Idempotency{Keys: keys} }

// Serve runs the request r of member once for key: run answers a first
// request through the writer it is given (which keeps a copy); a retry
// gets the stored answer on w; refuse answers an invalid key, a reused
// one, one in progress or a store failure, in the caller's error shape.
// An empty key, or no store, runs the request as it is.
func (i Idempotency) Serve(w http.ResponseWriter, r *http.Request, member domain.UserID, key string,
	refuse func(error), run func(http.ResponseWriter, *http.Request)) {
	if key == "" || i.Keys == nil {
		run(w, r)
		return
	}
	if !ValidIdempotencyKey(key) {
		refuse(errs.Invalid(CodeIdempotencyKeyInvalid, errs.MsgIdempotencyKeyInvalid, nil))
		return
	}
	ctx := r.Context()
	fp := sha256.New()
	fp.Write([]byte(r.Method + " " + r.URL.Path + "\n"))
	body := r.Body
	if body == nil {
		body = http.NoBody
	}
	r.Body = fingerprinted{Reader: io.TeeReader(body, fp), Closer: body}

	claimed, stored, err := i.Keys.Claim(ctx, member, key, idempotencyAbandoned)
	if err != nil {
		refuse(err)
		return
	}
	if !claimed {
		_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, idempotencyFingerprintCap))
		switch {
		case stored.Applied:
			refuse(errs.Conflict(CodeIdempotencyApplied, errs.MsgIdempotencyApplied))
		case !stored.Done:
			refuse(errs.Conflict(CodeIdempotencyInProgress, errs.MsgIdempotencyInProgress))
		case subtle.ConstantTimeCompare(stored.Fingerprint, fp.Sum(nil)) != 1:
			refuse(errs.Invalid(CodeIdempotencyKeyReused, errs.MsgIdempotencyKeyReused, nil))
		default:
			w.Header().Set("Content-Type", stored.ContentType)
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(stored.Status)
			_, _ = w.Write(stored.Body)
		}
		return
	}

	r = r.WithContext(ports.WithBeforeCommit(ctx, func(tx context.Context) error {
		err := i.Keys.MarkCommitted(tx, member, key)
		if errors.Is(err, ports.ErrIdempotencyClaimLost) {
			// A retry took the key over (this process was taken for
			// dead): its request runs the write; this one must not.
			return errs.Conflict(CodeIdempotencyInProgress, errs.MsgIdempotencyInProgress)
		}
		return err
	}))
	rec := &recordingWriter{ResponseWriter: w}
	// Release or finish even if the request panics (a recovery answers
	// 500 then): a claim is never left for a retry to wait on.
	defer func() {
		// The stored answer must not depend on the request's context,
		// which ends when the client goes away. A store that cannot be
		// reached tries again in the background.
		store := context.WithoutCancel(ctx)
		if rec.status == 0 || rec.status >= 500 {
			if err := i.Keys.Release(store, member, key); err != nil {
				LoggerFrom(store).Error("release idempotency key", "err", err)
			}
			return
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(r.Body, idempotencyFingerprintCap))
		answer := ports.IdempotentAnswer{Done: true, Fingerprint: fp.Sum(nil), Status: rec.status,
			ContentType: w.Header().Get("Content-Type"), Body: rec.body.Bytes()}
		if err := i.Keys.Finish(store, member, key, answer); err != nil {
			LoggerFrom(store).Error("store idempotent answer", "err", err)
		}
	}()
	run(rec, r)
}

// ValidIdempotencyKey tells whether k is a key: 1 to 255 visible ASCII
// characters.
func ValidIdempotencyKey(k string) bool {
	if len(k) > MaxIdempotencyKey {
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

// recordingWriter keeps a copy of what the request answers.
type recordingWriter struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *recordingWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the writer underneath.
func (w *recordingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
