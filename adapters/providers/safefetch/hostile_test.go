package safefetch_test

import (
	"compress/gzip"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"social/adapters/providers/safefetch"
)

// connCanary listens on addr and counts the connections that reach it at
// all, before any byte of HTTP.
func connCanary(t *testing.T, addr string) *atomic.Int64 {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("canary on %s: %v", addr, err)
	}
	t.Cleanup(func() { _ = ln.Close() })
	var n atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			_ = c.Close()
		}
	}()
	return &n
}

// A name that first resolves to an allowed address and then, for the next
// connection, to the loopback (DNS rebinding) never gets that connection:
// the check is made on the socket's destination at every dial, not once
// per name.
func TestDNSRebindingNeverReachesCanary(t *testing.T) {
	t.Parallel()
	good := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/" {
			// A new connection for the next request: the name is resolved again.
			w.Header().Set("Connection", "close")
			http.Redirect(w, r, "/again", http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<title>público</title>"))
	}))
	t.Cleanup(good.Close)
	port := hostPort(t, good)[len("127.0.0.1:"):]
	// The canary sits on another loopback address at the same port, so only
	// the address tells the two apart.
	hits := connCanary(t, "127.0.0.2:"+port)

	const name = "rebind.example-publico.com.br"
	var lookups atomic.Int64
	rebinding := func(_ context.Context, host string) ([]netip.Addr, error) {
		if host != name {
			return nil, errors.New("unknown host")
		}
		if lookups.Add(1) == 1 {
			return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.2")}, nil
	}
	client := safefetch.New(safefetch.Options{Timeout: 3 * time.Second, AnyPort: true,
		AllowedTestAddrs: []string{hostPort(t, good)}, LookupIP: rebinding})
	_, err := client.Get(context.Background(), "http://"+name+":"+port+"/", "text/html")
	if !errors.Is(err, safefetch.ErrBlocked) {
		t.Fatalf("rebinding: err = %v, want ErrBlocked", err)
	}
	if lookups.Load() < 2 {
		t.Fatalf("the name was resolved %d times: the second connection was never made", lookups.Load())
	}

	// One answer holding both (the canary first): the canary is skipped, the
	// allowed address serves.
	both := func(context.Context, string) ([]netip.Addr, error) {
		return []netip.Addr{netip.MustParseAddr("127.0.0.2"), netip.MustParseAddr("127.0.0.1")}, nil
	}
	client = safefetch.New(safefetch.Options{Timeout: 3 * time.Second, AnyPort: true,
		AllowedTestAddrs: []string{hostPort(t, good)}, LookupIP: both})
	resp, err := client.Get(context.Background(), "http://"+name+":"+port+"/again", "text/html")
	if err != nil || !strings.Contains(string(resp.Body), "público") {
		t.Fatalf("mixed answer: %v", err)
	}
	if n := hits.Load(); n != 0 {
		t.Fatalf("canary reached by %d connections", n)
	}
}

// A gzip bomb (a few hundred KiB that inflate to 256 MiB) is cut once 1 MiB
// has been inflated: the body cap counts decoded bytes, so neither time nor
// memory follows the bomb's size. Not parallel: it reads the process's
// allocation counter.
func TestGzipBombIsCutAtTheCap(t *testing.T) {
	zeros := make([]byte, 64<<10)
	bomb := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Encoding", "gzip")
		gz, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
		_, _ = gz.Write([]byte("<html><head><title>"))
		for range 4096 { // 256 MiB inflated
			if _, err := gz.Write(zeros); err != nil {
				return // the client hung up
			}
		}
		_ = gz.Close()
	})
	srv, client := allowed(t, bomb, safefetch.Options{Timeout: 10 * time.Second})

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	resp, err := client.Get(context.Background(), srv.URL, "text/html")
	runtime.ReadMemStats(&after)
	if !errors.Is(err, safefetch.ErrTooLarge) || resp != nil {
		t.Fatalf("bomb: err = %v, want ErrTooLarge", err)
	}
	// 256 MiB inflated would allocate at least that much; the cap keeps the
	// whole fetch (both ends of it, in this process) to a few MiB.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Fatalf("fetching the bomb allocated %d MiB", alloc>>20)
	}
}
