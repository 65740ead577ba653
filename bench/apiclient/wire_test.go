package apiclient_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"social/bench/apiclient"
)

type item struct {
	N    int    `json:"n"`
	Text string `json:"text"`
}

// server is a net/http server with the answers a load meets: small ones
// (net/http sets their length), large ones (sent chunked), no content, a
// refusal, and one that closes its connection. opened counts connections.
func server(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/small", func(w http.ResponseWriter, r *http.Request) {
		_ = json.NewEncoder(w).Encode(item{N: 1, Text: "pequeno"})
	})
	mux.HandleFunc("GET /api/v1/large", func(w http.ResponseWriter, r *http.Request) {
		items := make([]item, 2000)
		for i := range items {
			items[i] = item{N: i, Text: "um item de uma página longa"}
		}
		_ = json.NewEncoder(w).Encode(items)
	})
	mux.HandleFunc("POST /api/v1/echo", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer segredo" || r.Header.Get("Content-Type") != "application/json" {
			http.Error(w, "headers", http.StatusBadRequest)
			return
		}
		var in item
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		in.N++
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(in)
	})
	mux.HandleFunc("DELETE /api/v1/none", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	mux.HandleFunc("GET /api/v1/refused", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(http.StatusUnprocessableEntity)
		_, _ = io.WriteString(w, `{"code":"invalid","detail":"`+strings.Repeat("x", 1000)+`"}`)
	})
	mux.HandleFunc("GET /api/v1/closing", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "close")
		_ = json.NewEncoder(w).Encode(item{N: 2})
	})
	srv := httptest.NewUnstartedServer(mux)
	opened := &atomic.Int32{}
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			opened.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, opened
}

func wireClient(t *testing.T, srv *httptest.Server) *apiclient.Client {
	t.Helper()
	c, err := apiclient.NewWire(srv.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Answers of every shape are read whole, decoded when asked for, and the
// connection is kept for the next request.
func TestWireReadsEveryAnswerOnOneConnection(t *testing.T) {
	srv, opened := server(t)
	c := wireClient(t, srv)
	ctx := context.Background()
	for range 3 {
		var small item
		if err := c.Do(ctx, "", http.MethodGet, "/small", nil, &small); err != nil || small.N != 1 || small.Text != "pequeno" {
			t.Fatalf("small: %+v, %v", small, err)
		}
		var large []item
		if err := c.Do(ctx, "", http.MethodGet, "/large", nil, &large); err != nil || len(large) != 2000 || large[1999].N != 1999 {
			t.Fatalf("large: %d items, %v", len(large), err)
		}
		if err := c.Do(ctx, "", http.MethodGet, "/large", nil, nil); err != nil {
			t.Fatalf("large, dropped: %v", err)
		}
		var echoed item
		if err := c.Do(ctx, "segredo", http.MethodPost, "/echo", item{N: 41, Text: "olá"}, &echoed); err != nil || echoed.N != 42 || echoed.Text != "olá" {
			t.Fatalf("echo: %+v, %v", echoed, err)
		}
		if err := c.Do(ctx, "", http.MethodDelete, "/none", nil, nil); err != nil {
			t.Fatalf("no content: %v", err)
		}
	}
	if n := opened.Load(); n != 1 {
		t.Errorf("%d connections opened, want 1 kept alive", n)
	}
}

// A refusal is a StatusError with the status and the start of the body,
// and leaves the connection usable.
func TestWireRefusalIsAStatusError(t *testing.T) {
	srv, opened := server(t)
	c := wireClient(t, srv)
	err := c.Do(context.Background(), "", http.MethodGet, "/refused", nil, nil)
	var se *apiclient.StatusError
	if !errors.As(err, &se) || se.Status != http.StatusUnprocessableEntity || !strings.HasPrefix(se.Body, `{"code":"invalid"`) || len(se.Body) > 300 {
		t.Fatalf("refusal: %v", err)
	}
	if err := c.Do(context.Background(), "", http.MethodGet, "/small", nil, nil); err != nil || opened.Load() != 1 {
		t.Fatalf("after the refusal: %v, %d connections", err, opened.Load())
	}
}

// A connection the server closes, whether it says so or drops it while
// idle, is replaced, and the request still succeeds.
func TestWireReplacesClosedConnections(t *testing.T) {
	srv, opened := server(t)
	c := wireClient(t, srv)
	ctx := context.Background()
	if err := c.Do(ctx, "", http.MethodGet, "/closing", nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Do(ctx, "", http.MethodGet, "/small", nil, nil); err != nil || opened.Load() != 2 {
		t.Fatalf("after Connection: close: %v, %d connections", err, opened.Load())
	}
	srv.CloseClientConnections()
	if err := c.Do(ctx, "segredo", http.MethodPost, "/echo", item{N: 1}, nil); err != nil || opened.Load() != 3 {
		t.Fatalf("after the server dropped the idle connection: %v, %d connections", err, opened.Load())
	}
}

// Concurrent callers each get a connection of their own, never more
// connections than callers.
func TestWireConcurrentCallers(t *testing.T) {
	srv, opened := server(t)
	c := wireClient(t, srv)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				var got []item
				if err := c.Do(context.Background(), "", http.MethodGet, "/large", nil, &got); err != nil || len(got) != 2000 {
					errs <- errors.Join(errors.New("large page"), err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if n := opened.Load(); n > 8 {
		t.Errorf("%d connections for 8 callers", n)
	}
}

// An unreachable server or a bad origin is an error, not a hang.
func TestWireRefusesWhatItCannotReach(t *testing.T) {
	if _, err := apiclient.NewWire("https://example.com", time.Second); err == nil {
		t.Error("an https origin was accepted")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	c, err := apiclient.NewWire("http://"+addr, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Do(context.Background(), "", http.MethodGet, "/small", nil, nil); err == nil {
		t.Error("a request to a closed port succeeded")
	}
}

// A request cut by its context's deadline fails with the context's error,
// and the context already says so when Do returns, however late the
// deadline's timer fires.
func TestWireDeadlineIsTheContexts(t *testing.T) {
	srv, _ := server(t)
	c := wireClient(t, srv)
	for range 200 {
		ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Millisecond))
		err := c.Do(ctx, "", http.MethodGet, "/small", nil, nil)
		if !errors.Is(err, context.DeadlineExceeded) || ctx.Err() == nil {
			t.Fatalf("past deadline: %v, ctx %v", err, ctx.Err())
		}
		cancel()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	for {
		err := c.Do(ctx, "", http.MethodGet, "/large", nil, nil)
		if err == nil {
			continue
		}
		if !errors.Is(err, context.DeadlineExceeded) || ctx.Err() == nil {
			t.Fatalf("deadline reached during requests: %v, ctx %v", err, ctx.Err())
		}
		break
	}
}
