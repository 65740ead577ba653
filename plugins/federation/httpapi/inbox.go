package httpapi

import (
	"context"
	"errors"
	"mime"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"time"

	"social/core/errs"
	"social/kit/httpkit"
	"social/kit/httpsig"
	"social/plugins/federation/app"
)

// Inbox is what the inboxes read through: the plugin's use cases, the
// signature verifier's settings and the limit per server.
type Inbox struct {
	Resolve *app.ResolveActor
	Receive *app.ReceiveActivity
	// Senders counts each server's activities a minute.
	Senders *SenderLimit
	// Policies refuse a suspended server's activities before any work
	// is done for them (its actor is never fetched).
	Policies *app.InstancePolicies
	// Now is the verifier's clock.
	Now func() time.Time
	// Admission bounds the activities received at once; nil: no bound.
	Admission *Admission
}

// busyRetryAfter is when a server turned away for want of a place is
// told to send again, in seconds.
const busyRetryAfter = "30"

// keyIDPattern finds the keyId of a draft-cavage Signature or the keyid of
// an RFC 9421 Signature-Input, to name the server before any work is done
// for it.
var keyIDPattern = regexp.MustCompile(`(?i)keyid="([^"]{1,1000})"`)

// inbox takes an activity POSTed to a member's inbox or to the shared
// one: the body capped, its nesting bounded, the signature (with the
// Digest of the body) verified with the sender's key, the sender's
// server limited; a verified activity is queued and answered 202. Every
// refusal is a problem+json with a stable code, never a 500 for bad
// input.
func (h handlers) inbox(w http.ResponseWriter, r *http.Request) {
	if id := r.PathValue("id"); id != "" {
		if _, err := h.Find.ByID(r.Context(), id); err != nil {
			problem(w, r, http.StatusNotFound, app.CodeInboxNotFound, app.MsgInboxNotFound)
			return
		}
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil ||
		mt != "application/activity+json" && mt != "application/ld+json" && mt != "application/json" {
		problem(w, r, http.StatusUnsupportedMediaType, app.CodeUnsupportedMT, app.MsgUnsupportedMT)
		return
	}
	if r.ContentLength > app.MaxActivityBytes {
		problem(w, r, http.StatusRequestEntityTooLarge, app.CodeTooLarge, app.MsgTooLarge)
		return
	}
	if h.Inbox.Admission != nil {
		leave, ok := h.Inbox.Admission.Enter(r.Context())
		if !ok {
			w.Header().Set("Retry-After", busyRetryAfter)
			problem(w, r, http.StatusServiceUnavailable, app.CodeBusy, app.MsgBusy)
			return
		}
		defer leave()
	}
	if wait, ok := h.limitSender(r); !ok {
		p := httpkit.ProblemFrom(r.Context(), errs.RateLimited(app.CodeRateLimited, "", app.MsgRateLimited, wait))
		httpkit.WriteProblem(w, p)
		return
	}
	if host := keyHost(r); host != "" {
		suspended, err := h.Inbox.Policies.Suspended(r.Context(), host)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if suspended {
			problem(w, r, http.StatusForbidden, app.CodeInstanceSuspended, app.MsgInstanceSuspended)
			return
		}
	}
	body, err := httpsig.ReadBody(r.Body, app.MaxActivityBytes)
	if err != nil {
		var se *httpsig.Error
		if errors.As(err, &se) && se.Code == httpsig.CodeBodyTooLarge {
			problem(w, r, http.StatusRequestEntityTooLarge, app.CodeTooLarge, app.MsgTooLarge)
			return
		}
		problem(w, r, http.StatusBadRequest, app.CodeBadActivity, app.MsgBadActivity)
		return
	}
	if err := app.CheckDepth(body); err != nil {
		writeError(w, r, err)
		return
	}
	var signer app.RemoteActor
	v := httpsig.Verifier{Now: h.Inbox.Now, Scheme: h.scheme(),
		Resolve: func(ctx context.Context, keyID string, fresh bool) (httpsig.Key, error) {
			a, err := h.Inbox.Resolve.ByKeyID(ctx, keyID, fresh)
			if err != nil {
				return httpsig.Key{}, err
			}
			pub, err := httpsig.ParsePublicKeyPEM(a.PublicKey)
			if err != nil {
				return httpsig.Key{}, err
			}
			signer = a
			return httpsig.Key{Public: pub}, nil
		}}
	if _, err := v.Verify(r.Context(), r, body); err != nil {
		var se *httpsig.Error
		if errors.As(err, &se) {
			switch se.Code {
			case httpsig.CodeBodyTooLarge:
				problem(w, r, http.StatusRequestEntityTooLarge, app.CodeTooLarge, app.MsgTooLarge)
			case httpsig.CodeKeyUnavailable:
				problem(w, r, http.StatusUnauthorized, app.CodeUnknownActor, app.MsgUnknownActor)
			default:
				problem(w, r, http.StatusUnauthorized, app.CodeBadSignature, se.Message())
			}
			return
		}
		problem(w, r, http.StatusUnauthorized, app.CodeBadSignature, app.MsgBadSignature)
		return
	}
	if err := h.Inbox.Receive.Handle(r.Context(), signer, body); err != nil {
		writeError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// limitSender counts the request, before any work is done for it, against
// the server its key names and the address it comes from (unsigned: the
// address alone): one server cannot flood the inbox. The name is not yet
// verified, so it never counts alone: a sender naming another server in
// its keyId spends its own allowance, not that server's.
func (h handlers) limitSender(r *http.Request) (time.Duration, bool) {
	ip := httpkit.ClientIP(r.Context())
	key := "ip:" + ip
	if host := keyHost(r); host != "" {
		key = "host:" + host + " ip:" + ip
	}
	wait := h.Inbox.Senders.Take(key)
	return wait, wait == 0
}

// keyHost is the host the request's signature names its key at, lower
// case; "" when unsigned. It is not verified yet.
func keyHost(r *http.Request) string {
	for _, header := range []string{"Signature", "Signature-Input"} {
		if m := keyIDPattern.FindStringSubmatch(r.Header.Get(header)); m != nil {
			if u, err := url.Parse(m[1]); err == nil && u.Host != "" {
				return strings.ToLower(u.Host)
			}
		}
	}
	return ""
}

// scheme is the scheme RFC 9421's @target-uri is checked with: the
// site's.
func (h handlers) scheme() string {
	if strings.HasPrefix(h.Site.Base, "http://") {
		return "http"
	}
	return "https"
}

// problem writes a problem+json of status with code and message.
func problem(w http.ResponseWriter, r *http.Request, status int, code, msg string) {
	p := httpkit.StatusProblem(r.Context(), status)
	p.Code, p.Detail = code, msg
	httpkit.WriteProblem(w, p)
}
