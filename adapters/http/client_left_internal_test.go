package http

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// sendAndHangUp sends a request with method over a raw connection, waits
// until the handler has read it and the server has seen the connection
// close, then lets the handler go on and returns what its context said.
func sendAndHangUp(t *testing.T, method string) error {
	t.Helper()
	entered := make(chan context.Context, 1) // the request's own context
	release := make(chan struct{})
	seen := make(chan error, 1)
	inner := http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		<-release
		seen <- r.Context().Err()
	})
	wrapped := withChangesKeptWhenClientLeaves(time.Minute, inner)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// net/http watches for the client leaving once the body is read,
		// as every API operation reads it before its handler runs.
		_, _ = io.Copy(io.Discard, r.Body)
		entered <- r.Context()
		wrapped.ServeHTTP(w, r)
	}))
	// Closed before the server, which waits for its handlers.
	var once sync.Once
	letGo := func() { once.Do(func() { close(release) }) }
	defer srv.Close()
	defer letGo()

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Fprintf(conn, "%s /x HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", method); err != nil {
		t.Fatal(err)
	}
	original := <-entered
	_ = conn.Close()
	select {
	case <-original.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the server never saw the client leave")
	}
	letGo()
	select {
	case err := <-seen:
		return err
	case <-time.After(5 * time.Second):
		t.Fatal("the handler never went on")
		return nil
	}
}

func TestAChangeGoesOnWhenItsClientLeaves(t *testing.T) {
	for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		if err := sendAndHangUp(t, method); err != nil {
			t.Errorf("%s: the handler's context ended with its client: %v", method, err)
		}
	}
}

func TestAReadStopsWhenItsClientLeaves(t *testing.T) {
	if err := sendAndHangUp(t, http.MethodGet); !errors.Is(err, context.Canceled) {
		t.Errorf("GET: context error %v once the client left, want canceled", err)
	}
}

func TestAChangeWhoseClientLeftIsBounded(t *testing.T) {
	ctx, leave := context.WithCancel(context.WithValue(context.Background(), ctxKeyForTest{}, "kept"))
	var got context.Context
	done := make(chan struct{})
	const bound = 200 * time.Millisecond
	h := withChangesKeptWhenClientLeaves(bound, http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		got = r.Context()
		leave()
		<-r.Context().Done()
		close(done)
	}))
	r := httptest.NewRequestWithContext(ctx, http.MethodPost, "/x", nil)
	start := time.Now()
	go h.ServeHTTP(httptest.NewRecorder(), r)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the change ran on past its bound")
	}
	if waited := time.Since(start); waited < bound {
		t.Errorf("the change was stopped after %v, before its bound of %v", waited, bound)
	}
	if got.Value(ctxKeyForTest{}) != "kept" {
		t.Error("the change's context lost the request's values")
	}
}

type ctxKeyForTest struct{}
