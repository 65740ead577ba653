package safefetch_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"social/adapters/providers/safefetch"
	"social/core/ports"
)

// canary is a loopback server no test may ever reach.
func canary(t *testing.T) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<title>segredo interno</title>"))
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func hostPort(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	u, err := url.Parse(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	return u.Host
}

// fakeResolver answers public-looking names the test chooses and leaves the
// rest to the system resolver.
func fakeResolver(names map[string]string) func(context.Context, string) ([]netip.Addr, error) {
	return func(ctx context.Context, host string) ([]netip.Addr, error) {
		if ip, ok := names[host]; ok {
			return []netip.Addr{netip.MustParseAddr(ip)}, nil
		}
		return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}
}

func TestSSRFNeverReachesCanary(t *testing.T) {
	t.Parallel()
	can, hits := canary(t)
	port := strings.TrimPrefix(hostPort(t, can), "127.0.0.1:")

	// An allowed server that redirects to the canary.
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
	}))
	t.Cleanup(redirector.Close)

	client := safefetch.New(safefetch.Options{
		Timeout:          2 * time.Second,
		AnyPort:          true, // refusals below must come from the address check
		AllowedTestAddrs: []string{hostPort(t, redirector)},
		LookupIP:         fakeResolver(map[string]string{"news.example-publico.com.br": "127.0.0.1", "v6.example-publico.com.br": "::1"}),
	})

	cases := map[string]string{
		"loopback":               "http://127.0.0.1:" + port + "/",
		"loopback other":         "http://127.1.2.3:" + port + "/",
		"localhost":              "http://localhost:" + port + "/",
		"decimal":                "http://2130706433:" + port + "/",
		"octal":                  "http://0177.0.0.1:" + port + "/",
		"hex":                    "http://0x7f.0x0.0x0.0x1:" + port + "/",
		"hex whole":              "http://0x7f000001:" + port + "/",
		"ipv6 loopback":          "http://[::1]:" + port + "/",
		"ipv4-mapped":            "http://[::ffff:127.0.0.1]:" + port + "/",
		"ipv4-mapped hex":        "http://[::ffff:7f00:1]:" + port + "/",
		"ipv4-compatible":        "http://[::127.0.0.1]:" + port + "/",
		"unspecified":            "http://0.0.0.0:" + port + "/",
		"metadata":               "http://169.254.169.254/latest/meta-data/",
		"metadata v6":            "http://[fd00:ec2::254]/",
		"ten":                    "http://10.0.0.1:" + port + "/",
		"172.16":                 "http://172.16.0.1:" + port + "/",
		"192.168":                "http://192.168.1.1:" + port + "/",
		"cgnat":                  "http://100.64.0.1:" + port + "/",
		"unique local":           "http://[fc00::1]:" + port + "/",
		"name to loopback":       "http://news.example-publico.com.br:" + port + "/",
		"name to v6 loopback":    "http://v6.example-publico.com.br:" + port + "/",
		"redirect to canary":     redirector.URL + "/?to=" + url.QueryEscape(can.URL+"/"),
		"redirect to name":       redirector.URL + "/?to=" + url.QueryEscape("http://news.example-publico.com.br:"+port+"/"),
		"redirect to file":       redirector.URL + "/?to=" + url.QueryEscape("file:///etc/passwd"),
		"redirect to gopher":     redirector.URL + "/?to=" + url.QueryEscape("gopher://127.0.0.1:"+port+"/"),
		"file":                   "file:///etc/passwd",
		"gopher":                 "gopher://127.0.0.1:" + port + "/_GET",
		"ftp":                    "ftp://127.0.0.1:" + port + "/",
		"data":                   "data:text/html,<title>x</title>",
		"credentials":            "http://user:pass@127.0.0.1:" + port + "/",
		"scheme-relative":        "//127.0.0.1:" + port + "/",
		"trailing-dot localhost": "http://localhost.:" + port + "/",
	}
	for name, raw := range cases {
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			_, err := client.Get(ctx, raw, "text/html")
			if err == nil {
				t.Fatalf("Get(%q) succeeded", raw)
			}
			// The system resolver may not know "localhost." at all.
			if !errors.Is(err, safefetch.ErrBlocked) && !errors.Is(err, safefetch.ErrInvalidURL) && name != "trailing-dot localhost" {
				t.Errorf("Get(%q) = %v, want ErrBlocked or ErrInvalidURL", raw, err)
			}
		})
	}
	t.Cleanup(func() {
		if n := hits.Load(); n != 0 {
			t.Errorf("canary reached %d times", n)
		}
	})
}

func TestAddressChecksAreDialTime(t *testing.T) {
	t.Parallel()
	can, hits := canary(t)
	port := strings.TrimPrefix(hostPort(t, can), "127.0.0.1:")
	client := safefetch.New(safefetch.Options{AnyPort: true, Timeout: 2 * time.Second})
	for _, raw := range []string{"http://127.0.0.1:" + port + "/", "http://[::ffff:127.0.0.1]:" + port + "/", "http://[::1]:" + port + "/", "http://localhost:" + port + "/"} {
		if _, err := client.Get(context.Background(), raw); !errors.Is(err, safefetch.ErrBlocked) {
			t.Errorf("Get(%q) = %v, want ErrBlocked", raw, err)
		}
	}
	if hits.Load() != 0 {
		t.Errorf("canary reached %d times", hits.Load())
	}
}

func TestDefaultPortsOnly(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
	t.Cleanup(srv.Close)
	// Not allow-listed and not 80/443: refused even before the address check.
	client := safefetch.New(safefetch.Options{})
	if _, err := client.Get(context.Background(), srv.URL); !errors.Is(err, safefetch.ErrBlocked) {
		t.Fatalf("err = %v, want ErrBlocked", err)
	}
}

func allowed(t *testing.T, h http.Handler, o safefetch.Options) (*httptest.Server, *safefetch.Client) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	o.AllowedTestAddrs = append(o.AllowedTestAddrs, hostPort(t, srv))
	return srv, safefetch.New(o)
}

func TestAllowedFetch(t *testing.T) {
	t.Parallel()
	var agent string
	srv, client := allowed(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/final" {
			http.Redirect(w, r, "/final", http.StatusMovedPermanently)
			return
		}
		agent = r.UserAgent()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte("<title>ok</title>"))
	}), safefetch.Options{})
	resp, err := client.Get(context.Background(), srv.URL+"/start", "text/html")
	if err != nil {
		t.Fatal(err)
	}
	if string(resp.Body) != "<title>ok</title>" || resp.ContentType != "text/html" || resp.URL.Path != "/final" {
		t.Fatalf("resp = %+v", resp)
	}
	if agent != safefetch.DefaultUserAgent {
		t.Fatalf("User-Agent = %q", agent)
	}
}

func TestRedirectLimit(t *testing.T) {
	t.Parallel()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var n int
		_, _ = fmt.Sscanf(r.URL.Path, "/r/%d", &n)
		if n > 0 {
			http.Redirect(w, r, fmt.Sprintf("/r/%d", n-1), http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html")
	})
	srv, client := allowed(t, h, safefetch.Options{})
	if _, err := client.Get(context.Background(), srv.URL+"/r/3", "text/html"); err != nil {
		t.Fatalf("3 redirects: %v", err)
	}
	if _, err := client.Get(context.Background(), srv.URL+"/r/4", "text/html"); !errors.Is(err, safefetch.ErrTooManyRedirects) {
		t.Fatalf("4 redirects: err = %v, want ErrTooManyRedirects", err)
	}
}

func TestBodyCap(t *testing.T) {
	t.Parallel()
	chunk := strings.Repeat("a", 64<<10)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		size := safefetch.DefaultMaxBytes
		if r.URL.Path == "/big" {
			size++ // one byte over, streamed without a Content-Length
		}
		for size > 0 {
			n := min(size, len(chunk))
			_, _ = w.Write([]byte(chunk[:n]))
			w.(http.Flusher).Flush()
			size -= n
		}
	})
	srv, client := allowed(t, h, safefetch.Options{})
	resp, err := client.Get(context.Background(), srv.URL+"/exact", "text/html")
	if err != nil || len(resp.Body) != safefetch.DefaultMaxBytes {
		t.Fatalf("exactly 1 MiB: err %v", err)
	}
	if _, err := client.Get(context.Background(), srv.URL+"/big", "text/html"); !errors.Is(err, safefetch.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
}

func TestCapOfOneFetch(t *testing.T) {
	t.Parallel()
	body := strings.Repeat("a", 3<<20)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		if r.URL.Path == "/declared" {
			w.Header().Set("Content-Length", fmt.Sprint(len(body)))
		}
		_, _ = w.Write([]byte(body))
	})
	srv, client := allowed(t, h, safefetch.Options{})
	resp, err := client.GetCapped(context.Background(), srv.URL+"/streamed", 4<<20, "image/png")
	if err != nil || len(resp.Body) != len(body) {
		t.Fatalf("3 MiB under a 4 MiB cap: err %v", err)
	}
	for _, path := range []string{"/streamed", "/declared"} {
		if _, err := client.GetCapped(context.Background(), srv.URL+path, 2<<20, "image/png"); !errors.Is(err, safefetch.ErrTooLarge) {
			t.Fatalf("%s over a 2 MiB cap: err = %v, want ErrTooLarge", path, err)
		}
	}
	if _, err := client.Get(context.Background(), srv.URL+"/streamed", "image/png"); !errors.Is(err, safefetch.ErrTooLarge) {
		t.Fatalf("Get keeps the client's 1 MiB: err = %v", err)
	}
}

func TestDeclaredLengthRefused(t *testing.T) {
	t.Parallel()
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", fmt.Sprint(10<<20))
		_, _ = w.Write([]byte("x"))
	})
	srv, client := allowed(t, h, safefetch.Options{})
	if _, err := client.Get(context.Background(), srv.URL, "text/html"); !errors.Is(err, safefetch.ErrTooLarge) {
		t.Fatalf("err = %v, want ErrTooLarge", err)
	}
}

func TestContentType(t *testing.T) {
	t.Parallel()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", r.URL.Query().Get("ct"))
		_, _ = w.Write([]byte("{}"))
	})
	srv, client := allowed(t, h, safefetch.Options{})
	for _, ct := range []string{"application/json", "image/png", "text/plain", ""} {
		if _, err := client.Get(context.Background(), srv.URL+"/?ct="+url.QueryEscape(ct), "text/html", "application/xhtml+xml"); !errors.Is(err, safefetch.ErrContentType) {
			t.Errorf("%q: err = %v, want ErrContentType", ct, err)
		}
	}
	if _, err := client.Get(context.Background(), srv.URL+"/?ct="+url.QueryEscape("Text/HTML; charset=ISO-8859-1"), "text/html"); err != nil {
		t.Errorf("text/html: %v", err)
	}
}

func TestTimeout(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	srv, client := allowed(t, h, safefetch.Options{Timeout: 200 * time.Millisecond})
	defer close(release)
	start := time.Now()
	_, err := client.Get(context.Background(), srv.URL, "text/html")
	if !errors.Is(err, safefetch.ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %v", d)
	}
}

func TestErrorStatus(t *testing.T) {
	t.Parallel()
	srv, client := allowed(t, http.NotFoundHandler(), safefetch.Options{})
	if _, err := client.Get(context.Background(), srv.URL, "text/html"); !errors.Is(err, safefetch.ErrStatus) {
		t.Fatalf("err = %v, want ErrStatus", err)
	}
}

// AllowLoopback lets loopback addresses through on any port, and nothing
// else that is internal; through ports.OutsideClients a refused address
// is ports.ErrOutsideRefused.
func TestAllowLoopback(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusAccepted) }))
	t.Cleanup(srv.Close)
	loop := safefetch.New(safefetch.Options{AllowLoopback: true, MaxRedirects: -1})
	if resp, err := loop.Post(context.Background(), srv.URL, nil, []byte("{}")); err != nil || resp.StatusCode != http.StatusAccepted {
		t.Fatalf("loopback allowed: %v %v", resp, err)
	}
	if _, err := loop.Get(context.Background(), "http://10.0.0.1:8080/"); !errors.Is(err, safefetch.ErrBlocked) {
		t.Fatalf("private address with AllowLoopback: %v, want ErrBlocked", err)
	}
	strict := safefetch.Outside{}.Client(ports.OutsideClientOptions{})
	if _, err := strict.Post(context.Background(), srv.URL, nil, []byte("{}")); !errors.Is(err, ports.ErrOutsideRefused) {
		t.Fatalf("loopback without AllowLoopback: %v, want ErrOutsideRefused", err)
	}
	open := safefetch.Outside{}.Client(ports.OutsideClientOptions{AllowLoopback: true})
	if status, err := open.Post(context.Background(), srv.URL, nil, []byte("{}")); err != nil || status != http.StatusAccepted {
		t.Fatalf("outside client with AllowLoopback: %d %v", status, err)
	}
}
