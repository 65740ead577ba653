package httpapi_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/fx"

	"social/adapters/providers/safefetch"
	"social/core/ports"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

// previewSecret is a text chunk no copy may keep.
const previewSecret = "SecretComment from the site"

// pngWithText is a real PNG carrying a tEXt chunk after its header.
func pngWithText(t *testing.T) []byte {
	t.Helper()
	raw := fixtures.PNG(t, 40, 30)
	data := []byte("Comment\x00" + previewSecret)
	chunk := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	chunk = append(chunk, "tEXt"...)
	chunk = append(chunk, data...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	const afterHeader = 8 + 25 // signature, IHDR
	return append(append(append([]byte{}, raw[:afterHeader]...), chunk...), raw[afterHeader:]...)
}

// counter counts requests per path.
type counter struct {
	mu   sync.Mutex
	hits map[string]int
}

func (c *counter) add(path string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hits == nil {
		c.hits = map[string]int{}
	}
	c.hits[path]++
}

func (c *counter) get(path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits[path]
}

func (c *counter) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.hits {
		n += v
	}
	return n
}

// reachOnly points the app's SSRF-safe client at the given test servers:
// any other address, a loopback canary included, is still refused.
func reachOnly(servers ...*httptest.Server) fx.Option {
	var addrs []string
	for _, s := range servers {
		addrs = append(addrs, strings.TrimPrefix(s.URL, "http://"))
	}
	return fx.Decorate(func(*safefetch.Client) *safefetch.Client {
		return safefetch.New(safefetch.Options{AllowedTestAddrs: addrs, AnyPort: true, Timeout: 3 * time.Second})
	})
}

func TestLinkPreviewImageIsTheServersCopy(t *testing.T) {
	t.Parallel()
	good := pngWithText(t)
	var imageHits, canaryHits counter
	images := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		imageHits.add(r.URL.Path)
		switch r.URL.Path {
		case "/boa.png":
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(good)
		case "/pagina.png": // a page where an image should be
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<html><script>alert(1)</script></html>"))
		case "/enorme.png": // 6 MiB, streamed without a length
			w.Header().Set("Content-Type", "image/png")
			chunk := bytes.Repeat([]byte{0}, 64<<10)
			for range 96 {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		case "/falsa.png": // says PNG, is HTML
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write([]byte("<html><body>não sou imagem</body></html>"))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(images.Close)
	// The canary stands for an internal address (loopback, like a metadata
	// service): the server must never reach it.
	canary := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		canaryHits.add(r.URL.Path)
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(good)
	}))
	t.Cleanup(canary.Close)
	imageOf := map[string]string{
		"boa": images.URL + "/boa.png", "tipo": images.URL + "/pagina.png", "enorme": images.URL + "/enorme.png",
		"falsa": images.URL + "/falsa.png", "interna": canary.URL + "/boa.png",
	}
	pages := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/p/")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprintf(w, `<html><head><meta property="og:title" content="Página %s">
<meta property="og:image" content="%s"></head><body>oi</body></html>`, name, imageOf[name])
	}))
	t.Cleanup(pages.Close)

	app := at.StartWith(t, nil, reachOnly(pages, images))
	ana, bia := app.Member("ana"), app.Member("bia")
	ids := map[string]string{}
	for name := range imageOf {
		ids[name] = create(t, ana, text("veja "+pages.URL+"/p/"+name)).ID
	}

	// Each preview is written by the app's own job.
	read := func(name string) (post, []byte) {
		r := bia.Do(http.MethodGet, "/api/v1/posts/"+ids[name], nil).Expect(t, http.StatusOK)
		var p post
		r.JSON(t, &p)
		return p, r.Body
	}
	deadline := time.Now().Add(30 * time.Second)
	for name := range imageOf {
		for {
			p, _ := read(name)
			if p.LinkPreviewTitle != nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no preview for %q", name)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// No answer names an outside image: not the post's, not the feed's.
	outside := []string{strings.TrimPrefix(images.URL, "http://"), strings.TrimPrefix(canary.URL, "http://")}
	feed := bia.Do(http.MethodGet, "/api/v1/feed?algorithm=chronological&limit=50", nil).Expect(t, http.StatusOK).Body
	bodies := [][]byte{feed}
	for name := range imageOf {
		_, body := read(name)
		bodies = append(bodies, body)
	}
	for _, body := range bodies {
		for _, host := range outside {
			if bytes.Contains(body, []byte(host)) {
				t.Fatalf("an answer names the outside image host %s: %s", host, body)
			}
		}
	}

	// The good image is our copy: a media link of the author's files, the
	// bytes a PNG of the same picture without the site's text chunk.
	p, _ := read("boa")
	prefix := "/media/posts/" + ana.ID + "/"
	if p.LinkPreviewImageURL == nil || !strings.HasPrefix(*p.LinkPreviewImageURL, prefix) {
		t.Fatalf("preview image = %v, want a media link under %s", p.LinkPreviewImageURL, prefix)
	}
	resp, err := http.Get(app.URL + *p.LinkPreviewImageURL)
	if err != nil {
		t.Fatal(err)
	}
	copied, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("copy: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(copied))
	if err != nil || cfg.Width != 40 || cfg.Height != 30 {
		t.Fatalf("copy decodes as %+v, %v", cfg, err)
	}
	if bytes.Contains(copied, []byte(previewSecret)) {
		t.Fatal("the copy keeps the site's text chunk")
	}

	// Hostile images leave the preview without one, and the internal
	// address was never asked.
	for _, name := range []string{"tipo", "enorme", "falsa", "interna"} {
		if p, _ := read(name); p.LinkPreviewImageURL != nil || p.LinkPreviewTitle == nil || *p.LinkPreviewTitle != "Página "+name {
			t.Fatalf("%s: preview %+v", name, p)
		}
	}
	if n := canaryHits.total(); n != 0 {
		t.Fatalf("the internal address was asked %d times", n)
	}
	if n := imageHits.get("/boa.png"); n != 1 {
		t.Fatalf("the image was fetched %d times, want once", n)
	}

	// Deleting the post deletes the copy.
	key := strings.TrimPrefix(strings.SplitN(*p.LinkPreviewImageURL, "?", 2)[0], "/media/")
	ana.Do(http.MethodDelete, "/api/v1/posts/"+ids["boa"], nil).Expect(t, http.StatusNoContent)
	for deadline := time.Now().Add(20 * time.Second); ; {
		f, _, err := app.Blobs.Open(context.Background(), key)
		if errors.Is(err, ports.ErrBlobNotFound) {
			break
		}
		if err == nil {
			_ = f.Close()
		}
		if err == nil && time.Now().After(deadline) {
			t.Fatalf("the copy %s outlives its post", key)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
