package linkpreview_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"social/adapters/providers/linkpreview"
	"social/adapters/providers/safefetch"
	"social/core/errs"
	"social/core/ports"
)

const ogPage = `<!doctype html><html><head>
<title>Título do documento</title>
<meta property="og:title" content="  Notícia   importante ">
<meta property="og:description" content="Resumo &amp; detalhes">
<meta property="og:image" content="/img/capa.png">
<meta property="og:site_name" content="Jornal Exemplo">
</head><body>oi</body></html>`

// site serves pages by path and counts fetches; the previewer reaches it
// through a real safefetch client that allow-lists only this server.
func site(t *testing.T, pages map[string]string, delay time.Duration) (*httptest.Server, *linkpreview.Previewer, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		time.Sleep(delay)
		body, ok := pages[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		ct := "text/html; charset=utf-8"
		if strings.HasSuffix(r.URL.Path, ".json") {
			ct = "application/json"
		}
		w.Header().Set("Content-Type", ct)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	client := safefetch.New(safefetch.Options{AllowedTestAddrs: []string{u.Host}, Timeout: 2 * time.Second})
	return srv, linkpreview.New(client, linkpreview.Options{}), &hits
}

func TestPreviewOpenGraph(t *testing.T) {
	t.Parallel()
	srv, p, _ := site(t, map[string]string{"/artigo": ogPage}, 0)
	lp, err := p.Preview(context.Background(), srv.URL+"/artigo#topo")
	if err != nil {
		t.Fatal(err)
	}
	if lp.URL != srv.URL+"/artigo" || lp.Title != "Notícia importante" || lp.Description != "Resumo & detalhes" ||
		lp.Image != srv.URL+"/img/capa.png" || lp.SiteName != "Jornal Exemplo" {
		t.Fatalf("preview = %+v", lp)
	}
}

func TestPreviewFallsBackToTitleAndDescription(t *testing.T) {
	t.Parallel()
	page := `<html><head><title> Só o título </title><meta name="description" content="Descrição simples"></head></html>`
	srv, p, _ := site(t, map[string]string{"/": page}, 0)
	lp, err := p.Preview(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if lp.Title != "Só o título" || lp.Description != "Descrição simples" || lp.Image != "" || lp.SiteName != "" {
		t.Fatalf("preview = %+v", lp)
	}
}

func TestPreviewCacheAvoidsSecondFetch(t *testing.T) {
	t.Parallel()
	srv, p, hits := site(t, map[string]string{"/a": ogPage}, 0)
	for _, raw := range []string{srv.URL + "/a", strings.ToUpper("http") + strings.TrimPrefix(srv.URL, "http") + "/a#x"} {
		if _, err := p.Preview(context.Background(), raw); err != nil {
			t.Fatal(err)
		}
	}
	if n := hits.Load(); n != 1 {
		t.Fatalf("fetches = %d, want 1", n)
	}
}

func TestPreviewCacheExpires(t *testing.T) {
	t.Parallel()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<title>x</title>"))
	}))
	t.Cleanup(srv.Close)
	u, _ := url.Parse(srv.URL)
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	p := linkpreview.New(safefetch.New(safefetch.Options{AllowedTestAddrs: []string{u.Host}}),
		linkpreview.Options{CacheTTL: time.Minute, CacheSize: 1, Now: clock})
	get := func(path string) {
		t.Helper()
		if _, err := p.Preview(context.Background(), srv.URL+path); err != nil {
			t.Fatal(err)
		}
	}
	get("/1")
	get("/1") // cached
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	get("/1") // expired
	get("/2") // evicts /1 (size 1)
	get("/1")
	if n := hits.Load(); n != 4 {
		t.Fatalf("fetches = %d, want 4", n)
	}
}

func TestConcurrentPreviewsShareOneFetch(t *testing.T) {
	t.Parallel()
	srv, p, hits := site(t, map[string]string{"/lento": ogPage}, 200*time.Millisecond)
	var wg sync.WaitGroup
	errsCh := make(chan error, 20)
	for range 20 {
		wg.Go(func() {
			lp, err := p.Preview(context.Background(), srv.URL+"/lento")
			if err == nil && lp.Title != "Notícia importante" {
				err = errors.New("wrong title " + lp.Title)
			}
			errsCh <- err
		})
	}
	wg.Wait()
	close(errsCh)
	for err := range errsCh {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := hits.Load(); n != 1 {
		t.Fatalf("fetches = %d, want 1", n)
	}
}

func TestPreviewErrors(t *testing.T) {
	t.Parallel()
	srv, p, _ := site(t, map[string]string{"/dados.json": "{}"}, 0)
	cases := map[string]struct {
		raw  string
		code string
		kind errs.Kind
	}{
		"not html":    {srv.URL + "/dados.json", ports.LinkPreviewCodeNotHTML, errs.KindInvalid},
		"missing":     {srv.URL + "/nada", ports.LinkPreviewCodeUnreachable, errs.KindUnavailable},
		"ftp":         {"ftp://example.com/", ports.LinkPreviewCodeInvalidURL, errs.KindInvalid},
		"data":        {"data:text/html,oi", ports.LinkPreviewCodeInvalidURL, errs.KindInvalid},
		"relative":    {"/caminho", ports.LinkPreviewCodeInvalidURL, errs.KindInvalid},
		"empty":       {"  ", ports.LinkPreviewCodeInvalidURL, errs.KindInvalid},
		"metadata":    {"http://169.254.169.254/latest/meta-data/", ports.LinkPreviewCodeBlocked, errs.KindInvalid},
		"decimal":     {"http://2130706433/", ports.LinkPreviewCodeBlocked, errs.KindInvalid},
		"loopback v6": {"http://[::1]/", ports.LinkPreviewCodeBlocked, errs.KindInvalid},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := p.Preview(context.Background(), c.raw)
			e, ok := errs.As(err)
			if !ok || e.Code != c.code || e.Kind != c.kind || e.Message == "" {
				t.Fatalf("Preview(%q) = %v, want code %s", c.raw, err, c.code)
			}
		})
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"HTTP://Exemplo.COM.br":           "http://exemplo.com.br/",
		"https://exemplo.com:443/a?b=1#c": "https://exemplo.com/a?b=1",
		"http://exemplo.com:8080/x":       "http://exemplo.com:8080/x",
	} {
		got, err := linkpreview.Normalize(in)
		if err != nil || got != want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}
