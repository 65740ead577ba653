package http

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
)

// A built frontend as web/scripts/compress-dist.mjs leaves it: copies beside
// the originals. The brotli copies are marked bytes (the server never reads
// them); the gzip ones are real, so a test can read them back.
func compressedBuild(t *testing.T) fstest.MapFS {
	t.Helper()
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		_, _ = io.WriteString(w, s)
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	return fstest.MapFS{
		"index.html":                    {Data: []byte("<!doctype html><title>app</title>")},
		"index.html.br":                 {Data: []byte("BR:index")},
		"index.html.gz":                 {Data: gz("<!doctype html><title>app</title>")},
		"sw.js":                         {Data: []byte("self.addEventListener('fetch', () => {})")},
		"sw.js.br":                      {Data: []byte("BR:sw")},
		"assets/app-Ab12.js":            {Data: []byte("console.log('app')")},
		"assets/app-Ab12.js.br":         {Data: []byte("BR:app-0123456789")},
		"assets/app-Ab12.js.gz":         {Data: gz("console.log('app')")},
		"assets/only-gz-Cd3.css":        {Data: []byte("body{color:red}")},
		"assets/only-gz-Cd3.css.gz":     {Data: gz("body{color:red}")},
		"assets/plain-Ef45.js":          {Data: []byte("console.log('plain')")},
		"assets/font-Gh6.woff2":         {Data: []byte("wOF2")},
		"assets/blob-Ij7.unknownext":    {Data: []byte("raw")},
		"assets/blob-Ij7.unknownext.br": {Data: []byte("BR:blob")},
	}
}

func get(t *testing.T, h http.Handler, method, target string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestFrontendSendsThePrecompressedCopyTheRequestAccepts(t *testing.T) {
	h := frontend(compressedBuild(t), "")
	const js = "text/javascript; charset=utf-8"
	for _, c := range []struct {
		name, path, accept     string
		wantEncoding, wantType string
		wantBody, wantCache    string
		wantVary               bool
	}{
		{"brotli before gzip", "/assets/app-Ab12.js", "gzip, deflate, br, zstd", "br", js, "BR:app-0123456789", "public, max-age=31536000, immutable", true},
		{"gzip when brotli is not accepted", "/assets/app-Ab12.js", "gzip, deflate", "gzip", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"the higher q-value wins", "/assets/app-Ab12.js", "br;q=0.5, gzip;q=0.8", "gzip", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"q=0 refuses a coding", "/assets/app-Ab12.js", "br;q=0, gzip", "gzip", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"both refused: identity", "/assets/app-Ab12.js", "br;q=0, gzip;q=0", "", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"a wildcard takes the best", "/assets/app-Ab12.js", "*", "br", js, "BR:app-0123456789", "public, max-age=31536000, immutable", true},
		{"a wildcard does not undo a named refusal", "/assets/app-Ab12.js", "*;q=0.5, br;q=0", "gzip", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"coding names are case-insensitive", "/assets/app-Ab12.js", "GZIP", "gzip", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"an unreadable weight refuses", "/assets/app-Ab12.js", "br;q=abc, gzip", "gzip", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"no Accept-Encoding: identity", "/assets/app-Ab12.js", "", "", js, "console.log('app')", "public, max-age=31536000, immutable", true},
		{"only the copies that exist", "/assets/only-gz-Cd3.css", "br, gzip", "gzip", "text/css; charset=utf-8", "body{color:red}", "public, max-age=31536000, immutable", true},
		{"a file without copies as it is", "/assets/plain-Ef45.js", "br, gzip", "", js, "console.log('plain')", "public, max-age=31536000, immutable", false},
		{"a font is never compressed", "/assets/font-Gh6.woff2", "br, gzip", "", "font/woff2", "wOF2", "public, max-age=31536000, immutable", false},
		{"a file of unknown type as it is", "/assets/blob-Ij7.unknownext", "br", "", "", "raw", "public, max-age=31536000, immutable", false},
		{"the document stays no-cache", "/", "br", "br", "text/html; charset=utf-8", "BR:index", "no-cache", true},
		{"the history fallback is compressed too", "/profile/maria", "gzip", "gzip", "text/html; charset=utf-8", "<!doctype html><title>app</title>", "no-cache", true},
		{"the service worker stays no-cache", "/sw.js", "br", "br", js, "BR:sw", "no-cache", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			header := map[string]string{}
			if c.accept != "" {
				header["Accept-Encoding"] = c.accept
			}
			rec := get(t, h, http.MethodGet, c.path, header)
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d, want 200", rec.Code)
			}
			res := rec.Result()
			if got := res.Header.Get("Content-Encoding"); got != c.wantEncoding {
				t.Errorf("Content-Encoding %q, want %q", got, c.wantEncoding)
			}
			if c.wantType != "" {
				if got := res.Header.Get("Content-Type"); got != c.wantType {
					t.Errorf("Content-Type %q, want %q", got, c.wantType)
				}
			}
			if got := res.Header.Get("Cache-Control"); got != c.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, c.wantCache)
			}
			if got := res.Header.Get("Vary") == "Accept-Encoding"; got != c.wantVary {
				t.Errorf("Vary %q, want Accept-Encoding: %v", res.Header.Get("Vary"), c.wantVary)
			}
			body := rec.Body.Bytes()
			if got := res.Header.Get("Content-Length"); got != strconv.Itoa(len(body)) {
				t.Errorf("Content-Length %s for a body of %d bytes", got, len(body))
			}
			if c.wantEncoding == "gzip" {
				r, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatalf("the gzip answer does not read back: %v", err)
				}
				if body, err = io.ReadAll(r); err != nil {
					t.Fatal(err)
				}
			}
			if string(body) != c.wantBody {
				t.Errorf("body %q, want %q", body, c.wantBody)
			}
		})
	}
}

func TestFrontendAnswersRangesAndHeadOnTheCompressedCopy(t *testing.T) {
	h := frontend(compressedBuild(t), "")
	br := "BR:app-0123456789"

	// A range is of the representation sent, the brotli bytes.
	rec := get(t, h, http.MethodGet, "/assets/app-Ab12.js", map[string]string{"Accept-Encoding": "br", "Range": "bytes=3-6"})
	if rec.Code != http.StatusPartialContent {
		t.Fatalf("range: status %d, want 206", rec.Code)
	}
	if got, want := rec.Header().Get("Content-Range"), "bytes 3-6/"+strconv.Itoa(len(br)); got != want {
		t.Errorf("Content-Range %q, want %q", got, want)
	}
	if got := rec.Header().Get("Content-Length"); got != "4" {
		t.Errorf("range Content-Length %q, want 4", got)
	}
	if got := rec.Body.String(); got != br[3:7] {
		t.Errorf("range body %q, want %q", got, br[3:7])
	}
	if got := rec.Header().Get("Content-Encoding"); got != "br" {
		t.Errorf("range Content-Encoding %q, want br", got)
	}

	// Without compression, ranges are of the original, as before.
	rec = get(t, h, http.MethodGet, "/assets/app-Ab12.js", map[string]string{"Range": "bytes=0-6"})
	if rec.Code != http.StatusPartialContent || rec.Body.String() != "console" {
		t.Errorf("identity range: %d %q, want 206 \"console\"", rec.Code, rec.Body.String())
	}

	rec = get(t, h, http.MethodHead, "/assets/app-Ab12.js", map[string]string{"Accept-Encoding": "br"})
	if rec.Code != http.StatusOK || rec.Body.Len() != 0 {
		t.Errorf("HEAD: %d with %d body bytes, want 200 and none", rec.Code, rec.Body.Len())
	}
	if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(len(br)) {
		t.Errorf("HEAD Content-Length %s, want %d", got, len(br))
	}
	if got := rec.Header().Get("Content-Encoding"); got != "br" {
		t.Errorf("HEAD Content-Encoding %q, want br", got)
	}
}

func TestFrontendStillRefusesMissingAssetsAndWrites(t *testing.T) {
	h := frontend(compressedBuild(t), "/admin")
	if rec := get(t, h, http.MethodGet, "/admin/assets/gone-Zz9.js", map[string]string{"Accept-Encoding": "br"}); rec.Code != http.StatusNotFound {
		t.Errorf("missing asset: %d, want 404", rec.Code)
	}
	if rec := get(t, h, http.MethodPost, "/admin/", nil); rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d, want 405", rec.Code)
	}
	rec := get(t, h, http.MethodGet, "/admin/", map[string]string{"Accept-Encoding": "br"})
	if rec.Code != http.StatusOK || rec.Body.String() != "BR:index" {
		t.Errorf("prefix: %d %q, want the document's brotli copy", rec.Code, rec.Body.String())
	}
}

// The history fallback answers browsers: a protocol's path and a program
// that takes no HTML get a 404, whether or not the binary has its web
// interface.
func TestFrontendLeavesProtocolsAndProgramsNoPage(t *testing.T) {
	for _, files := range []fs.FS{compressedBuild(t), nil} {
		h := frontend(files, "")
		for _, c := range []struct {
			target, accept string
			page           bool
		}{
			{"/profile/ana", "", true},
			{"/profile/ana", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true},
			{"/profile/ana", "*/*", true},
			{"/profile/ana", "application/activity+json", false},
			{"/profile/ana", `application/ld+json; profile="https://www.w3.org/ns/activitystreams"`, false},
			{"/profile/ana", "application/json, text/html;q=0", false},
			{"/.well-known/webfinger?resource=acct:ana@example.com", "*/*", false},
			{"/.well-known/nodeinfo", "", false},
		} {
			rec := get(t, h, http.MethodGet, c.target, map[string]string{"Accept": c.accept})
			if got := rec.Code != http.StatusNotFound; got != c.page {
				t.Errorf("web interface %v: %s (Accept %q): %d, page wanted: %v", files != nil, c.target, c.accept, rec.Code, c.page)
			}
		}
	}
}
