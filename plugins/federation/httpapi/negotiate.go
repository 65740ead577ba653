package httpapi

import (
	"encoding/json"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"social/kit/httpkit"
)

// Media types of ActivityPub's documents.
const (
	activityJSON   = "application/activity+json"
	ldJSON         = "application/ld+json"
	asProfile      = "https://www.w3.org/ns/activitystreams"
	publicAudience = "https://www.w3.org/ns/activitystreams#Public"
)

// wantsActivity reports whether the request asks for an ActivityPub
// document rather than a page: its Accept names application/activity+json,
// or application/ld+json with ActivityStreams' profile (or none), and
// prefers it to HTML. A browser's Accept names neither.
func wantsActivity(r *http.Request) bool {
	var activity, html float64 = -1, -1
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		q := 1.0
		if v, ok := params["q"]; ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		switch {
		case mt == activityJSON, mt == ldJSON && (params["profile"] == "" || hasProfile(params["profile"], asProfile)):
			activity = max(activity, q)
		case mt == "text/html":
			html = max(html, q)
		}
	}
	return activity > 0 && activity >= html
}

// hasProfile reports whether the space-separated profile list names want.
func hasProfile(list, want string) bool {
	for _, p := range strings.Fields(list) {
		if p == want {
			return true
		}
	}
	return false
}

// writeJSON answers v as contentType.
func writeJSON(w http.ResponseWriter, contentType string, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", contentType)
	// Public documents: a cache may keep them a little, per Accept.
	h.Set("Cache-Control", "public, max-age=60")
	_, _ = w.Write(body)
}

// writeActivity answers an ActivityPub document.
func writeActivity(w http.ResponseWriter, v any) {
	w.Header().Add("Vary", "Accept")
	writeJSON(w, activityJSON, v)
}

// writeError answers err as a problem: 404 for what is not found, 400
// for a bad parameter (a protocol's query, not a form: what is wrong is
// the request's, so it is not the API's 422).
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	p := httpkit.ProblemFrom(r.Context(), err)
	if p.Status == http.StatusUnprocessableEntity {
		bad := httpkit.StatusProblem(r.Context(), http.StatusBadRequest)
		bad.Code, bad.Detail = p.Code, p.Detail
		for _, e := range p.Errors {
			e.Location = "query." + strings.TrimPrefix(e.Location, "body.")
			bad.Errors = append(bad.Errors, e)
		}
		p = bad
	}
	httpkit.WriteProblem(w, p)
}
