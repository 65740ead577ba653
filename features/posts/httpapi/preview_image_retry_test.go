package httpapi_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// A preview's picture that failed in a way that may pass (the image host
// broke the connection) was dropped for good: the preview stayed without
// it. The job is now retried for the picture, and the preview gets our
// copy once the host answers.
func TestLinkPreviewImageIsRetriedAfterAFailureThatMayPass(t *testing.T) {
	t.Parallel()
	good := pngWithText(t)
	var hits counter
	images := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.add(r.URL.Path)
		if hits.get(r.URL.Path) == 1 {
			// The first answer breaks off: a failure that may pass.
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				_ = conn.Close()
			}
			return
		}
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(good)
	}))
	t.Cleanup(images.Close)
	pages := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprintf(w, `<html><head><meta property="og:title" content="Página instável">
<meta property="og:image" content="%s/instavel.png"></head><body>oi</body></html>`, images.URL)
	}))
	t.Cleanup(pages.Close)

	app := at.StartWith(t, nil, reachOnly(pages, images))
	ana := app.Member("ana")
	id := create(t, ana, text("veja "+pages.URL+"/p/instavel")).ID

	var p post
	deadline := time.Now().Add(60 * time.Second)
	for {
		ana.Do(http.MethodGet, "/api/v1/posts/"+id, nil).Expect(t, http.StatusOK).JSON(t, &p)
		if p.LinkPreviewImageURL != nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no preview picture within 60 s after a broken first answer (image asked %d times): %+v",
				hits.get("/instavel.png"), p)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if p.LinkPreviewTitle == nil || *p.LinkPreviewTitle != "Página instável" {
		t.Fatalf("preview title = %v", p.LinkPreviewTitle)
	}
	if !strings.HasPrefix(*p.LinkPreviewImageURL, "/media/posts/"+ana.ID+"/") {
		t.Fatalf("preview image = %s, want the server's copy", *p.LinkPreviewImageURL)
	}
	if n := hits.get("/instavel.png"); n != 2 {
		t.Fatalf("the image was asked %d times, want twice (the broken answer, then the copy)", n)
	}
	resp, err := http.Get(app.URL + *p.LinkPreviewImageURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("the copy: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
