package http

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"

	"social/kit/httpkit"
)

// The member app's web manifest; Go's table does not know the extension,
// and browsers expect this type for it.
func init() { _ = mime.AddExtensionType(".webmanifest", "application/manifest+json") }

// frontend serves one built frontend (vite output) from files, mounted at
// prefix. Paths that are not files get index.html, so the client router sees
// them (history fallback); a missing file with an extension is a plain 404.
func frontend(files fs.FS, prefix string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpkit.WriteProblem(w, statusProblem(r.Context(), http.StatusMethodNotAllowed))
			return
		}
		if files == nil {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "This binary was built without its web interface: build it with `make build`.\n")
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(r.URL.Path, prefix)), "/")
		if name == "" {
			name = "index.html"
		}
		if serveFile(w, r, files, name) {
			return
		}
		if path.Ext(name) != "" {
			http.NotFound(w, r)
			return
		}
		serveFile(w, r, files, "index.html")
	})
}

func serveFile(w http.ResponseWriter, r *http.Request, files fs.FS, name string) bool {
	f, err := files.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		return false
	}
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		return false
	}
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every asset name.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	http.ServeContent(w, r, name, info.ModTime(), rs)
	return true
}

// apiFallback answers /api paths no operation matched: 405 with Allow when
// the path exists for other methods, else a 404 problem (never the SPA).
func apiFallback(mux *http.ServeMux) http.HandlerFunc {
	methods := []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete}
	return func(w http.ResponseWriter, r *http.Request) {
		var allowed []string
		for _, m := range methods {
			probe := r.Clone(r.Context())
			probe.Method = m
			if _, pattern := mux.Handler(probe); pattern != "/api/" && pattern != "" {
				allowed = append(allowed, m)
			}
		}
		if len(allowed) > 0 {
			w.Header().Set("Allow", strings.Join(allowed, ", "))
			httpkit.WriteProblem(w, statusProblem(r.Context(), http.StatusMethodNotAllowed))
			return
		}
		httpkit.WriteProblem(w, statusProblem(r.Context(), http.StatusNotFound))
	}
}
