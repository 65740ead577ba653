package http

import (
	"net/http"
	"strings"

	"social/kit/httpkit"
)

// openEndpoints matches the requests to the mounts open to web apps on
// other sites (httpkit.Mount.OtherSites), whatever their method, so that a
// browser's preflight (OPTIONS) finds them too.
type openEndpoints struct{ mux *http.ServeMux }

func newOpenEndpoints(mounts []httpkit.Mount) openEndpoints {
	o := openEndpoints{mux: http.NewServeMux()}
	seen := map[string]bool{}
	for _, m := range mounts {
		if !m.OtherSites {
			continue
		}
		path := m.Pattern
		if _, p, ok := strings.Cut(m.Pattern, " "); ok {
			path = p
		}
		if !seen[path] {
			seen[path] = true
			o.mux.Handle(path, http.NotFoundHandler())
		}
	}
	return o
}

// match tells whether r is for an endpoint open to other sites.
func (o openEndpoints) match(r *http.Request) bool {
	_, pattern := o.mux.Handler(r)
	return pattern != ""
}

// Headers a web app on another site may send and read.
const (
	corsRequestHeaders  = "Authorization, Content-Type, Idempotency-Key"
	corsResponseHeaders = "Link, Idempotent-Replayed, RateLimit, RateLimit-Policy, Retry-After, X-Request-ID"
	corsMethods         = "GET, HEAD, POST, PUT, PATCH, DELETE"
)

// withOtherSites lets web apps on other sites (Elk, Phanpy) call the
// endpoints open to them, as Mastodon does: any origin, never with
// credentials (no cookie rides along; the app sends its bearer token), so a
// page elsewhere gains nothing it could not do from a server. A preflight
// is answered here; other requests go on with the headers that let the
// browser hand the answer to the app.
func withOtherSites(open openEndpoints, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !open.match(r) {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		h.Add("Vary", "Origin")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			h.Set("Access-Control-Allow-Methods", corsMethods)
			h.Set("Access-Control-Allow-Headers", corsRequestHeaders)
			h.Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		h.Set("Access-Control-Expose-Headers", corsResponseHeaders)
		next.ServeHTTP(w, r)
	})
}
