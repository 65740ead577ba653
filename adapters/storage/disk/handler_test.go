package disk

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"social/adapters/storage/blobpolicy"
	"social/core/ports/portstest"
)

var handlerSecret = []byte("handler-test-secret-of-32-bytes-or-more")

// handlerRig is a store serving its handler directly (no ServeMux in front,
// so the handler sees every path exactly as sent), a secret file next to
// the media folder that must never be served, and a fake clock.
type handlerRig struct {
	store *Store
	srv   *httptest.Server
	clock *portstest.MovingClock
}

const secretText = "TOP SECRET outside the media folder"

func newHandlerRig(t *testing.T, wrap func(http.Handler) http.Handler) *handlerRig {
	t.Helper()
	base := t.TempDir()
	if err := os.WriteFile(filepath.Join(base, "secret.txt"), []byte(secretText), 0o644); err != nil {
		t.Fatal(err)
	}
	clock := portstest.NewMovingClock(time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC))
	store, err := New(Options{Dir: filepath.Join(base, "media"), Secret: handlerSecret, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	var h http.Handler = store.Handler()
	if wrap != nil {
		h = wrap(h)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		_ = store.Close()
	})
	return &handlerRig{store: store, srv: srv, clock: clock}
}

func (r *handlerRig) put(t *testing.T, key, contentType string, data []byte) {
	t.Helper()
	if err := r.store.Put(context.Background(), key, bytes.NewReader(data), int64(len(data)), contentType); err != nil {
		t.Fatal(err)
	}
}

func (r *handlerRig) link(t *testing.T, key string, ttl time.Duration) string {
	t.Helper()
	rel, err := r.store.SignedURL(context.Background(), key, ttl)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(rel, "/media/"+key+"?exp=") {
		t.Fatalf("SignedURL = %q, want /media/%s?exp=...&sig=...", rel, key)
	}
	return r.srv.URL + rel
}

func do(t *testing.T, method, link string, header http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, link, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func wantProblem(t *testing.T, resp *http.Response, body []byte, status int, code string) {
	t.Helper()
	if resp.StatusCode != status {
		t.Fatalf("status = %d (%s), want %d", resp.StatusCode, body, status)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/problem+json" {
		t.Errorf("Content-Type = %q, want application/problem+json", ct)
	}
	var p struct{ Code, Detail string }
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("problem body %q: %v", body, err)
	}
	if p.Code != code {
		t.Errorf("code = %q, want %q", p.Code, code)
	}
}

// linkExpiry is the second link names as its last.
func linkExpiry(t *testing.T, link string) int64 {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := strconv.ParseInt(u.Query().Get("exp"), 10, 64)
	if err != nil {
		t.Fatalf("link %s: exp: %v", link, err)
	}
	return exp
}

func TestServeValidLink(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	data := bytes.Repeat([]byte("jpegdata"), 500)
	rig.put(t, "avatars/u1/avatar-1700000000000.jpg", "image/jpeg", data)
	link := rig.link(t, "avatars/u1/avatar-1700000000000.jpg", 10*time.Minute)
	rig.clock.Advance(4 * time.Minute)

	resp, body := do(t, http.MethodGet, link, nil)
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, data) {
		t.Fatalf("GET = %d with %d bytes, want 200 with %d", resp.StatusCode, len(body), len(data))
	}
	want := map[string]string{
		"Content-Type":            "image/jpeg",
		"Content-Length":          fmt.Sprint(len(data)),
		"X-Content-Type-Options":  "nosniff",
		"Content-Disposition":     `inline; filename="avatar-1700000000000.jpg"`,
		"Content-Security-Policy": "default-src 'none'; sandbox",
		"Cache-Control":           fmt.Sprintf("private, max-age=%d", linkExpiry(t, link)-rig.clock.Now().Unix()),
		"Accept-Ranges":           "bytes",
	}
	for k, v := range want {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s = %q, want %q", k, got, v)
		}
	}
	if resp.Header.Get("Last-Modified") == "" || resp.Header.Get("ETag") == "" {
		t.Error("no Last-Modified or ETag: conditional requests cannot work")
	}

	head, body := do(t, http.MethodHead, link, nil)
	if head.StatusCode != http.StatusOK || len(body) != 0 || head.Header.Get("Content-Length") != fmt.Sprint(len(data)) {
		t.Errorf("HEAD = %d with %d body bytes, Content-Length %q", head.StatusCode, len(body), head.Header.Get("Content-Length"))
	}
	resp, body = do(t, http.MethodGet, link, http.Header{"If-Modified-Since": {resp.Header.Get("Last-Modified")}})
	if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-Modified-Since = %d, want 304", resp.StatusCode)
	}
	resp, body = do(t, http.MethodGet, link, http.Header{"If-None-Match": {head.Header.Get("ETag")}})
	if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match = %d, want 304", resp.StatusCode)
	}
	resp, body = do(t, http.MethodPost, link, nil)
	wantProblem(t, resp, body, http.StatusMethodNotAllowed, "method_not_allowed")
}

func TestServeRange(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	data := make([]byte, 100_000)
	for i := range data {
		data[i] = byte(i % 251)
	}
	rig.put(t, "stories/s1/clip.mp4", "video/mp4", data)
	link := rig.link(t, "stories/s1/clip.mp4", time.Hour)
	resp, body := do(t, http.MethodGet, link, http.Header{"Range": {"bytes=1000-1999"}})
	if resp.StatusCode != http.StatusPartialContent || !bytes.Equal(body, data[1000:2000]) {
		t.Fatalf("Range GET = %d with %d bytes, want 206 with bytes 1000-1999", resp.StatusCode, len(body))
	}
	if cr := resp.Header.Get("Content-Range"); cr != "bytes 1000-1999/100000" {
		t.Errorf("Content-Range = %q", cr)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "video/mp4" {
		t.Errorf("Content-Type = %q, want video/mp4", ct)
	}
	resp, _ = do(t, http.MethodGet, link, http.Header{"Range": {"bytes=200000-"}})
	if resp.StatusCode != http.StatusRequestedRangeNotSatisfiable {
		t.Errorf("Range past the end = %d, want 416", resp.StatusCode)
	}
}

func TestServeTypesOffTheAllowlistAsAttachments(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	cases := map[string]string{
		"posts/p1/page.html":   "text/html",
		"posts/p1/image.svg":   "image/svg+xml",
		"posts/p1/script.jpg":  "application/javascript", // the extension does not launder the type
		"posts/p1/unknown.bin": "",
	}
	for key, ct := range cases {
		rig.put(t, key, ct, []byte("<script>alert(document.cookie)</script>"))
		resp, _ := do(t, http.MethodGet, rig.link(t, key, time.Minute), nil)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: status %d", key, resp.StatusCode)
		}
		if got := resp.Header.Get("Content-Type"); got != "application/octet-stream" {
			t.Errorf("%s stored as %q served as %q, want application/octet-stream", key, ct, got)
		}
		want := `attachment; filename="` + key[strings.LastIndex(key, "/")+1:] + `"`
		if got := resp.Header.Get("Content-Disposition"); got != want {
			t.Errorf("%s: Content-Disposition = %q, want %q", key, got, want)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: no nosniff", key)
		}
	}
}

func TestExpiredLinkIsForbidden(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	rig.put(t, "avatars/u1/a.png", "image/png", []byte("png"))
	link := rig.link(t, "avatars/u1/a.png", time.Minute)
	// The link lives a minute or up to a window more (blobpolicy.LinkExpiry);
	// its last second is the one it names.
	exp := linkExpiry(t, link)
	if life := time.Unix(exp, 0).Sub(rig.clock.Now()); life < time.Minute || life > time.Minute+blobpolicy.LinkWindow(time.Minute) {
		t.Fatalf("a link of a minute lives %v", life)
	}
	rig.clock.Advance(time.Unix(exp, 0).Sub(rig.clock.Now()))
	if resp, _ := do(t, http.MethodGet, link, nil); resp.StatusCode != http.StatusOK {
		t.Fatalf("link at its last second = %d, want 200", resp.StatusCode)
	}
	rig.clock.Advance(time.Second)
	resp, body := do(t, http.MethodGet, link, nil)
	wantProblem(t, resp, body, http.StatusForbidden, CodeLinkInvalid)
	if bytes.Contains(body, []byte("png")) {
		t.Error("expired link leaked the blob")
	}
}

func TestTamperedLinksAreForbidden(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	rig.put(t, "avatars/u1/a.png", "image/png", []byte("one"))
	rig.put(t, "avatars/u2/a.png", "image/png", []byte("two"))
	link := rig.link(t, "avatars/u1/a.png", time.Hour)
	u, _ := url.Parse(link)
	exp, sig := u.Query().Get("exp"), u.Query().Get("sig")
	other := func(path, query string) string { return rig.srv.URL + path + "?" + query }
	cases := map[string]string{
		"other key":          other("/media/avatars/u2/a.png", u.RawQuery),
		"later expiry":       other(u.Path, "exp=9999999999&sig="+sig),
		"padded expiry":      other(u.Path, "exp=0"+exp+"&sig="+sig),
		"signed expiry sign": other(u.Path, "exp=%2B"+exp+"&sig="+sig),
		"flipped signature":  other(u.Path, "exp="+exp+"&sig="+flipHex(sig)),
		"short signature":    other(u.Path, "exp="+exp+"&sig="+sig[:32]),
		"not hex":            other(u.Path, "exp="+exp+"&sig=zz"+sig[2:]),
		"no signature":       other(u.Path, "exp="+exp),
		"no expiry":          other(u.Path, "sig="+sig),
		"nothing":            rig.srv.URL + u.Path,
		"uppercase path":     other("/media/avatars/U1/a.png", u.RawQuery),
	}
	for name, bad := range cases {
		resp, body := do(t, http.MethodGet, bad, nil)
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s: status %d (%s), want 403", name, resp.StatusCode, body)
			continue
		}
		wantProblem(t, resp, body, http.StatusForbidden, CodeLinkInvalid)
	}
}

func flipHex(s string) string {
	b := []byte(s)
	if b[0] == '0' {
		b[0] = '1'
	} else {
		b[0] = '0'
	}
	return string(b)
}

func TestMissingBlobWithValidLinkIsNotFound(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	resp, body := do(t, http.MethodGet, rig.link(t, "avatars/u9/none.jpg", time.Minute), nil)
	wantProblem(t, resp, body, http.StatusNotFound, "not_found")
}

// rawGet sends target byte for byte, past any client-side path cleaning.
func rawGet(t *testing.T, srv *httptest.Server, target string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(5 * time.Second))
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: media.test\r\nConnection: close\r\n\r\n", target)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: read the answer: %v", target, err)
	}
	return resp.StatusCode, string(body)
}

var traversals = []string{
	"/media/../secret.txt",
	"/media/../../etc/passwd",
	"/media/%2e%2e/secret.txt",
	"/media/%2E%2E/%2E%2E/etc/passwd",
	"/media/..%2fsecret.txt",
	"/media/%2e%2e%2fsecret.txt",
	"/media/..%5csecret.txt",
	`/media/..\secret.txt`,
	"/media/....//secret.txt",
	"/media//etc/passwd",
	"/media/%2fetc%2fpasswd",
	"/media/avatars/../../secret.txt",
	"/media/avatars/%2e%2e/%2e%2e/secret.txt",
	"/media/.%2e/secret.txt",
	"/media/%252e%252e/secret.txt",
	"/media/..%00/secret.txt",
	"/media/./../secret.txt",
}

// A traversal never reaches a file, even carrying a signature valid for
// exactly the key it asks for: the key is refused before anything is opened.
func TestTraversalNeverLeavesTheFolder(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	exp := rig.clock.Now().Add(time.Hour).Unix()
	for _, target := range traversals {
		u, err := url.Parse(target)
		if err != nil {
			t.Fatalf("%s: %v", target, err)
		}
		key := strings.TrimPrefix(u.Path, Prefix)
		signed := fmt.Sprintf("%s?exp=%d&sig=%s", target, exp, rig.store.sign(key, exp))
		for _, tgt := range []string{target, signed} {
			status, body := rawGet(t, rig.srv, tgt)
			if status != http.StatusNotFound && status != http.StatusBadRequest {
				t.Errorf("GET %s = %d, want 400 or 404", tgt, status)
			}
			if strings.Contains(body, "SECRET") || strings.Contains(body, "root:") {
				t.Errorf("GET %s leaked a file outside the folder: %q", tgt, body)
			}
		}
	}
}

// Behind the app's ServeMux the same paths are cleaned into redirects or
// refused; none of them is ever answered with a file.
func TestTraversalThroughServeMux(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, func(h http.Handler) http.Handler {
		mux := http.NewServeMux()
		mux.Handle(Prefix, h)
		mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) })
		return mux
	})
	for _, target := range traversals {
		status, body := rawGet(t, rig.srv, target)
		switch status {
		case http.StatusMovedPermanently, http.StatusTemporaryRedirect, http.StatusBadRequest, http.StatusNotFound:
		default:
			t.Errorf("GET %s = %d, want a redirect, 400 or 404", target, status)
		}
		if strings.Contains(body, "SECRET") || strings.Contains(body, "root:") {
			t.Errorf("GET %s leaked a file outside the folder: %q", target, body)
		}
	}
}

func TestHiddenFilesAreNeverServed(t *testing.T) {
	t.Parallel()
	rig := newHandlerRig(t, nil)
	rig.put(t, "docs/r.bin", "application/pdf", []byte("pdf")) // writes docs/.r.bin.type
	exp := rig.clock.Now().Add(time.Hour).Unix()
	key := "docs/.r.bin.type"
	status, body := rawGet(t, rig.srv, fmt.Sprintf("/media/%s?exp=%d&sig=%s", key, exp, rig.store.sign(key, exp)))
	if status != http.StatusNotFound || strings.Contains(body, "application/pdf") {
		t.Fatalf("sidecar served: %d %q", status, body)
	}
}
