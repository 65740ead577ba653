package http

import (
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"

	"social/kit/httpkit"
)

// The member app's web manifest; Go's table does not know the extension,
// and browsers expect this type for it.
func init() { _ = mime.AddExtensionType(".webmanifest", "application/manifest+json") }

// frontend serves one built frontend (vite output) from files, mounted at
// prefix. Paths that are not files get index.html, so the client router sees
// them (history fallback), except where no page can be meant (notAPage): a
// missing file with an extension, a path under /.well-known/ and a
// request that takes no HTML are plain 404s.
func frontend(files fs.FS, prefix string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpkit.WriteProblem(w, statusProblem(r.Context(), http.StatusMethodNotAllowed))
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+strings.TrimPrefix(r.URL.Path, prefix)), "/")
		if files == nil {
			if notAPage(r, name) {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "This binary was built without its web interface: build it with `make build`.\n")
			return
		}
		if name == "" {
			name = "index.html"
		}
		if serveFile(w, r, files, name) {
			return
		}
		if path.Ext(name) != "" || notAPage(r, name) {
			http.NotFound(w, r)
			return
		}
		serveFile(w, r, files, "index.html")
	})
}

// notAPage reports whether a request for name, if no file answers it, can
// mean none of the app's pages: /.well-known/ is kept for protocols
// (RFC 8615), and a request that takes no HTML is a program asking for a
// document of its own format (a server of the social web asking for an
// actor), which a page would only mislead.
func notAPage(r *http.Request, name string) bool {
	return strings.HasPrefix(name, ".well-known/") || !acceptsHTML(r)
}

// acceptsHTML reports whether the request takes an HTML page: no Accept
// at all, or a range that covers text/html with a weight above zero.
func acceptsHTML(r *http.Request) bool {
	accept := strings.TrimSpace(strings.Join(r.Header.Values("Accept"), ","))
	if accept == "" {
		return true
	}
	for _, part := range strings.Split(accept, ",") {
		mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		if q, ok := params["q"]; ok {
			if f, err := strconv.ParseFloat(q, 64); err != nil || f <= 0 {
				continue
			}
		}
		switch mt {
		case "text/html", "application/xhtml+xml", "text/*", "*/*":
			return true
		}
	}
	return false
}

// serveFile answers with the file name of files, or with the brotli (.br) or
// gzip (.gz) copy of it written beside it at build time
// (web/scripts/compress-dist.mjs) when the request accepts that encoding. It
// reports false when name is not a file, so the caller can fall back.
func serveFile(w http.ResponseWriter, r *http.Request, files fs.FS, name string) bool {
	f, info, ok := openFile(files, name)
	if !ok {
		return false
	}
	defer f.Close()
	if strings.HasPrefix(name, "assets/") {
		// Vite puts a content hash in every asset name.
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-cache")
	}
	var content io.ReadSeeker = f
	modTime := info.ModTime()
	// A copy is sent only for a file whose type the extension gives: the type
	// must be the original's, never guessed from the compressed bytes.
	if ctype := mime.TypeByExtension(path.Ext(name)); ctype != "" {
		if copies := compressedCopies(files, name); len(copies) > 0 {
			// Whichever encoding is chosen, identity included, the answer
			// depends on Accept-Encoding: shared caches must keep them apart.
			w.Header().Add("Vary", "Accept-Encoding")
			if coding := negotiateEncoding(r.Header.Get("Accept-Encoding"), copies); coding != "" {
				if cf, cinfo, ok := openFile(files, name+copySuffix[coding]); ok {
					defer cf.Close()
					w.Header().Set("Content-Type", ctype)
					w.Header().Set("Content-Encoding", coding)
					content, modTime = cf, cinfo.ModTime()
					w = &lengthOfCopy{ResponseWriter: w, size: cinfo.Size()}
				}
			}
		}
	}
	http.ServeContent(w, r, name, modTime, content)
	return true
}

// The content codings the build writes copies for, in the order preferred
// when the request weighs them alike: brotli is the smaller.
var (
	copyCodings = []string{"br", "gzip"}
	copySuffix  = map[string]string{"br": ".br", "gzip": ".gz"}
)

// compressedCopies lists the codings name has a copy in, best first.
func compressedCopies(files fs.FS, name string) []string {
	var found []string
	for _, coding := range copyCodings {
		if info, err := fs.Stat(files, name+copySuffix[coding]); err == nil && info.Mode().IsRegular() {
			found = append(found, coding)
		}
	}
	return found
}

// negotiateEncoding picks, among the available codings (best first), the one
// an Accept-Encoding header weighs highest (RFC 9110 §12.5.3: q-values, "*"
// for any coding not named, q=0 for "not acceptable"); "" means identity.
func negotiateEncoding(header string, available []string) string {
	weights := map[string]float64{}
	for _, element := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(element, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		if coding == "x-gzip" {
			coding = "gzip"
		}
		weights[coding] = qValue(params)
	}
	best, bestQ := "", 0.0
	for _, coding := range available {
		q, named := weights[coding]
		if !named {
			q = weights["*"] // 0 when there is no wildcard either
		}
		if q > bestQ {
			best, bestQ = coding, q
		}
	}
	return best
}

// qValue reads the weight of one Accept-Encoding element's parameters: 1
// without one, 0 (not acceptable) when it cannot be read.
func qValue(params string) float64 {
	for _, param := range strings.Split(params, ";") {
		key, value, _ := strings.Cut(strings.TrimSpace(param), "=")
		if !strings.EqualFold(strings.TrimSpace(key), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil || q < 0 || q > 1 {
			return 0
		}
		return q
	}
	return 1
}

// lengthOfCopy gives the answer its Content-Length, which ServeContent leaves
// out once Content-Encoding is set (it expects a writer compressing on the
// fly). The copy is sent byte for byte, so its length is known: the whole
// file's, or that of the one range Content-Range names. A HEAD then still
// says how much a GET would bring.
type lengthOfCopy struct {
	http.ResponseWriter
	size int64
}

func (w *lengthOfCopy) WriteHeader(status int) {
	h := w.Header()
	switch {
	case h.Get("Content-Length") != "":
	case status == http.StatusOK:
		h.Set("Content-Length", strconv.FormatInt(w.size, 10))
	case status == http.StatusPartialContent:
		var first, last, total int64
		if n, _ := fmt.Sscanf(h.Get("Content-Range"), "bytes %d-%d/%d", &first, &last, &total); n == 3 {
			h.Set("Content-Length", strconv.FormatInt(last-first+1, 10))
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

// Unwrap lets http.ResponseController reach the server's writer.
func (w *lengthOfCopy) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// openFile opens name when it is a regular file that can be seeked (what
// ServeContent needs for ranges).
func openFile(files fs.FS, name string) (io.ReadSeekCloser, fs.FileInfo, bool) {
	f, err := files.Open(name)
	if err != nil {
		return nil, nil, false
	}
	info, err := f.Stat()
	rs, seekable := f.(io.ReadSeekCloser)
	if err != nil || info.IsDir() || !seekable {
		_ = f.Close()
		return nil, nil, false
	}
	return rs, info, true
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
