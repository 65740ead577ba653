package http

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// jsonAnswer answers body as JSON, in pieces of 100 bytes, optionally with its length.
func jsonAnswer(body string, withLength bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		if withLength {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		for rest := body; rest != ""; {
			n := min(100, len(rest))
			_, _ = io.WriteString(w, rest[:n])
			rest = rest[n:]
		}
	})
}

// served answers the request through withCompressedReads and reads the body back as the client would.
func served(t *testing.T, h http.Handler, r *http.Request) (*http.Response, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	withCompressedReads(h).ServeHTTP(rec, r)
	res := rec.Result()
	var body io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatalf("gzip body: %v", err)
		}
		body = zr
	}
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatalf("read body: %v", err)
	}
	return res, string(b)
}

func readWith(path, acceptEncoding string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, path, nil)
	if acceptEncoding != "" {
		r.Header.Set("Accept-Encoding", acceptEncoding)
	}
	return r
}

func TestALongJSONReadIsCompressedForAClientThatAsks(t *testing.T) {
	page := `{"items":[` + strings.Repeat(`{"text_content":"Um dia comum, palavras comuns."},`, 200) + `{}]}`
	for _, withLength := range []bool{false, true} {
		res, body := served(t, jsonAnswer(page, withLength), readWith("/api/v1/feed", "br, gzip;q=0.8"))
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("with length %v: Content-Encoding %q, want gzip", withLength, res.Header.Get("Content-Encoding"))
		}
		if res.Header.Get("Content-Length") != "" {
			t.Errorf("with length %v: the plain length %s was kept on the compressed body", withLength, res.Header.Get("Content-Length"))
		}
		if body != page {
			t.Errorf("with length %v: body changed in compression", withLength)
		}
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Vary %q lacks Accept-Encoding", res.Header.Get("Vary"))
		}
	}
}

func TestAnswersThatMustNotBeCompressedGoAsTheyAre(t *testing.T) {
	page := `{"items":"` + strings.Repeat("palavra ", 500) + `"}`
	cases := map[string]struct {
		handler http.Handler
		request *http.Request
	}{
		"client did not ask":     {jsonAnswer(page, false), readWith("/api/v1/feed", "")},
		"client refused gzip":    {jsonAnswer(page, false), readWith("/api/v1/feed", "gzip;q=0, br")},
		"short answer":           {jsonAnswer(`{"unread_count":3}`, false), readWith("/api/v1/notifications/unread-count", "gzip")},
		"short answer by length": {jsonAnswer(`{"unread_count":3}`, true), readWith("/api/v1/notifications/unread-count", "gzip")},
		"a session's refresh":    {jsonAnswer(page, false), readWith("/api/v1/auth/refresh", "gzip")},
		"OAuth":                  {jsonAnswer(page, false), readWith("/oauth/token", "gzip")},
		"a write": {jsonAnswer(page, false), func() *http.Request {
			r := httptest.NewRequest(http.MethodPost, "/api/v1/posts", nil)
			r.Header.Set("Accept-Encoding", "gzip")
			return r
		}()},
		"not JSON": {http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			_, _ = io.WriteString(w, page)
		}), readWith("/api/v1/streaming", "gzip")},
		"already encoded": {http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Encoding", "br")
			_, _ = io.WriteString(w, page)
		}), readWith("/api/v1/feed", "gzip, br")},
		"an error": {http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/problem+json")
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, page)
		}), readWith("/api/v1/posts/x", "gzip")},
	}
	for name, c := range cases {
		res, body := served(t, c.handler, c.request)
		if got := res.Header.Get("Content-Encoding"); got == "gzip" {
			t.Errorf("%s: compressed", name)
		}
		if want := c.request.URL.Path; body == "" {
			t.Errorf("%s (%s): body lost", name, want)
		}
	}
	// A short answer held back is sent whole, with its length.
	res, body := served(t, jsonAnswer(`{"unread_count":3}`, false), readWith("/x", "gzip"))
	if body != `{"unread_count":3}` || res.Header.Get("Content-Length") != "18" {
		t.Errorf("short answer: body %q, Content-Length %q", body, res.Header.Get("Content-Length"))
	}
}

func TestAcceptEncodingIsReadWithItsWeights(t *testing.T) {
	for header, want := range map[string]bool{
		"gzip":                 true,
		"gzip, deflate, br":    true,
		"GZIP;q=0.5":           true,
		"x-gzip":               true,
		"*":                    true,
		"br":                   false,
		"gzip;q=0":             false,
		"gzip; q=0.0, deflate": false,
		"identity":             false,
		"":                     false,
	} {
		if got := acceptsGzip([]string{header}); got != want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", header, got, want)
		}
	}
}

func TestAFlushedAnswerIsStreamedCompressed(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"a":`)
		if err := http.NewResponseController(w).Flush(); err != nil {
			t.Errorf("flush: %v", err)
		}
		_, _ = io.WriteString(w, `1}`)
	})
	res, body := served(t, h, readWith("/api/v1/x", "gzip"))
	if res.Header.Get("Content-Encoding") != "gzip" || body != `{"a":1}` {
		t.Errorf("Content-Encoding %q, body %q", res.Header.Get("Content-Encoding"), body)
	}
}
