package remoteimage_test

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"social/adapters/providers/remoteimage"
	"social/adapters/providers/safefetch"
	"social/core/ports"
)

// A refusal retrying cannot change is final; a site that does not answer
// in time may answer later.
func TestRefusalsAreFinalAndOutagesAreNot(t *testing.T) {
	t.Parallel()
	pixel := []byte("\x89PNG\r\n\x1a\n fake but typed")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok.png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(pixel)
		case "/page.png":
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html></html>"))
		case "/big.png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(bytes.Repeat([]byte{0}, remoteimage.MaxBytes+1))
		case "/slow.png":
			time.Sleep(1500 * time.Millisecond)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	// An address the guard refuses: a listener on loopback not allowed.
	other, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = other.Close() })
	f := remoteimage.New(safefetch.New(safefetch.Options{AllowedTestAddrs: []string{strings.TrimPrefix(srv.URL, "http://")},
		AnyPort: true, Timeout: time.Second}))
	ctx := context.Background()

	if body, err := f.FetchImage(ctx, srv.URL+"/ok.png"); err != nil || !bytes.Equal(body, pixel) {
		t.Fatalf("image: %v", err)
	}
	for _, u := range []string{srv.URL + "/page.png", srv.URL + "/big.png", srv.URL + "/missing.png",
		"http://" + other.Addr().String() + "/x.png", "ftp://example.com/x.png", "http://0x7f000001/x.png"} {
		if _, err := f.FetchImage(ctx, u); !errors.Is(err, ports.ErrRemoteImageRefused) {
			t.Errorf("%s: %v, want a final refusal", u, err)
		}
	}
	if _, err := f.FetchImage(ctx, srv.URL+"/slow.png"); err == nil || errors.Is(err, ports.ErrRemoteImageRefused) {
		t.Errorf("a timeout: %v, want an error that may pass", err)
	}
}
