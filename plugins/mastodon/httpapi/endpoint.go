// Package httpapi is Mastodon's client API: Mastodon's requests in, the
// core features' use cases, Mastodon's entities out. It holds no rule of
// its own: every limit, block, visibility and rate limit is the use case's.
package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
	"social/platform/jsonwire"
)

// Endpoint is one operation of the client API, served as a plain handler:
// Mastodon's apps send form, JSON and multipart bodies with Rails' bracket
// names (media_ids[]) and read {"error": ...} answers, which this API's
// problem+json operations do not speak.
type Endpoint struct {
	Method string
	// Path is a ServeMux path: /api/v1/statuses/{id}.
	Path string
	// Scopes are the scopes any one of which lets an app's token call it
	// (a member's own session is not limited by scopes).
	Scopes domain.Scopes
	// Anonymous endpoints answer without a token: the instance, the
	// public timeline. Others answer 401 to a request without one.
	Anonymous bool
	// CreatesOnce honours an Idempotency-Key as this API's own creating
	// operations do (httpkit.Idempotency): a retry with the key gets the
	// first answer, marked Idempotent-Replayed.
	CreatesOnce bool
	// Handle runs the use case. It returns the body (any JSON value, or
	// an Answer for another status or headers) or an error: a use case's
	// errs.Error, or an Error of this package.
	Handle func(*Request) (any, error)
}

// Pattern is the endpoint's ServeMux pattern.
func (e Endpoint) Pattern() string { return e.Method + " " + e.Path }

// Answer is a body with a status other than 200, or with headers (Link).
type Answer struct {
	Status int
	Header http.Header
	Body   any
}

// Request is what a handler reads: the viewer, the parameters from the
// query, the body and the path, and the uploaded files.
type Request struct {
	HTTP   *http.Request
	Viewer domain.Viewer
	// Base is the origin of the links the answer carries.
	Base Base
	Params
}

// Context is the request's context, carrying the viewer.
func (r *Request) Context() context.Context { return r.HTTP.Context() }

// PathValue is the path's {name} segment.
func (r *Request) PathValue(name string) string { return r.HTTP.PathValue(name) }

// Base is the server's public URL without its final slash, the origin
// of every link the entities carry.
type Base string

// NewBase trims publicURL.
func NewBase(publicURL string) Base { return Base(strings.TrimRight(publicURL, "/")) }

// Link is path under the server's public URL.
func (b Base) Link(path string) string { return string(b) + path }

// Handler serves the endpoints: it lets in the request's viewer (an app's
// token only with one of the endpoint's scopes), reads the parameters, runs
// the endpoint and writes its answer or its error in Mastodon's shape. An
// endpoint that CreatesOnce runs once per Idempotency-Key (once).
func Handler(base Base, e Endpoint, once httpkit.Idempotency) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, hr *http.Request) {
		ctx := hr.Context()
		viewer, err := viewerOf(ctx, e)
		if err != nil {
			writeError(w, hr, err)
			return
		}
		ctx = domain.WithViewer(ctx, viewer)
		hr = hr.WithContext(ctx)
		serve := func(w http.ResponseWriter, hr *http.Request) {
			params, err := readParams(hr)
			if err != nil {
				writeError(w, hr, err)
				return
			}
			body, err := e.Handle(&Request{HTTP: hr, Viewer: viewer, Base: base, Params: params})
			if err != nil {
				writeError(w, hr, err)
				return
			}
			writeAnswer(w, body)
		}
		if !e.CreatesOnce || !viewer.SignedIn() {
			serve(w, hr)
			return
		}
		once.Serve(w, hr, viewer.UserID, hr.Header.Get("Idempotency-Key"),
			func(err error) { writeError(w, hr, err) }, serve)
	})
}

// viewerOf is who the request acts for: a member's session, or an app's
// token carrying one of the endpoint's scopes. An app's token without them
// is refused, but on an Anonymous endpoint, which it reads as nobody
// (Mastodon's instance and public timeline); so is a request without a
// token.
func viewerOf(ctx context.Context, e Endpoint) (domain.Viewer, error) {
	if app, ok := httpkit.AppGrant(ctx); ok {
		switch {
		case e.Scopes != 0 && app.Scopes.Covers(e.Scopes):
			return app, nil
		case e.Anonymous:
			return domain.Viewer{}, nil
		}
		return domain.Viewer{}, errs.Forbidden(errs.CodeInsufficientScope, errs.MsgInsufficientScope)
	}
	v := domain.ViewerFrom(ctx)
	if !v.SignedIn() && !e.Anonymous {
		return domain.Viewer{}, errs.Unauthenticated(CodeTokenRequired, MsgTokenRequired)
	}
	return v, nil
}

func writeAnswer(w http.ResponseWriter, body any) {
	status := http.StatusOK
	if a, ok := body.(Answer); ok {
		for k, v := range a.Header {
			w.Header()[k] = v
		}
		status, body = a.Status, a.Body
	}
	if body == nil {
		w.WriteHeader(status)
		return
	}
	writeJSON(w, status, body)
}

// writeJSON writes body whole, with its length: a page of statuses is
// some 40 KB, which would otherwise go out in chunks.
func writeJSON(w http.ResponseWriter, status int, body any) {
	wrote := false
	err := jsonwire.Encode(wireBody(body), func(b []byte) error {
		wrote = true
		h := w.Header()
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Content-Length", strconv.Itoa(len(b)))
		w.WriteHeader(status)
		_, err := w.Write(b)
		return err
	})
	if err != nil && !wrote {
		// Only a value JSON cannot hold (a time past year 9999) fails to
		// encode: no input reaches it.
		w.WriteHeader(http.StatusInternalServerError)
	}
}

// wireBody is body as a value that writes itself (jsonwire) when it is a
// list of entities that do: a []Status, the timelines' answer, is no
// Appender, its jsonwire.List is.
func wireBody(body any) any {
	switch v := body.(type) {
	case []Status:
		return jsonwire.List[Status](v)
	case []Account:
		return jsonwire.List[Account](v)
	}
	return body
}

// Catalog is every endpoint of the client API.
type Catalog struct{ Endpoints []Endpoint }
