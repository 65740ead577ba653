package http

import (
	"net/http"
	"net/url"
	"strings"

	"social/core/errs"
	"social/kit/httpkit"
)

// withSameOrigin refuses a state-changing request (any method but GET, HEAD
// and OPTIONS) whose Origin header names another site than publicURL: 403
// origin_not_allowed, before any handler runs. The refresh cookie is
// SameSite=Strict, which stops other sites but not a sibling origin of the
// same site (another port or subdomain); a browser always sends Origin on
// such requests, so this closes that gap. A request without Origin (API
// clients, tools) passes: it cannot carry a browser's cookie by accident.
//
// An endpoint open to other sites (withOtherSites) takes a cross-site write
// that carries no cookie: it acts only through the bearer token the web
// app sends, which a page elsewhere cannot have.
func withSameOrigin(publicURL string, open openEndpoints, next http.Handler) http.Handler {
	allowed := ""
	if u, err := url.Parse(publicURL); err == nil && u.Scheme != "" && u.Host != "" {
		allowed = strings.ToLower(u.Scheme + "://" + u.Host)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			next.ServeHTTP(w, r)
			return
		}
		origins := r.Header.Values("Origin")
		if len(origins) == 0 || (len(origins) == 1 && allowed != "" && strings.ToLower(origins[0]) == allowed) ||
			(r.Header.Get("Cookie") == "" && open.match(r)) {
			next.ServeHTTP(w, r)
			return
		}
		p := statusProblem(r.Context(), http.StatusForbidden)
		p.Code, p.Detail = "origin_not_allowed", errs.MsgOriginRefused
		httpkit.WriteProblem(w, p)
	})
}
