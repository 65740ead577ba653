package federation_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"social/kit/httpsig"
	at "social/tests/testkit/apptest"
)

// remote is another server's inbox, as a test sees it: it checks each
// POST's signature against the signer's actor fetched from the app (what
// Mastodon does) and keeps what arrived; it answers Status (202 unless
// the test says otherwise).
type remote struct {
	t      *testing.T
	srv    *httptest.Server
	Status atomic.Int32
	mu     sync.Mutex
	got    []delivered
	tries  atomic.Int32
}

// delivered is one POST the remote took, signature verified.
type delivered struct {
	Path        string
	KeyID       string
	Covered     []string
	ContentType string
	Activity    map[string]any
}

func newRemote(t *testing.T, app *at.App) *remote {
	t.Helper()
	r := &remote{t: t}
	r.Status.Store(http.StatusAccepted)
	// Keys are cached, as servers do: a deleted member's Delete is checked
	// with the key learnt before (their actor is gone by then).
	var keysMu sync.Mutex
	keys := map[string]httpsig.Key{}
	verifier := &httpsig.Verifier{Scheme: "http", Now: app.Clock.Now,
		Resolve: func(ctx context.Context, keyID string, fresh bool) (httpsig.Key, error) {
			keysMu.Lock()
			defer keysMu.Unlock()
			if k, ok := keys[keyID]; ok && !fresh {
				return k, nil
			}
			var a actor
			path, ok := strings.CutPrefix(strings.TrimSuffix(keyID, "#main-key"), base)
			if !ok {
				return httpsig.Key{}, errors.New("a key of another server")
			}
			resp := get(app.Client(), path, activityJSON)
			if err := json.Unmarshal(resp.Body, &a); err != nil || resp.Status != http.StatusOK {
				return httpsig.Key{}, fmt.Errorf("actor %s: %d %v", path, resp.Status, err)
			}
			pub, err := httpsig.ParsePublicKeyPEM(a.PublicKey.PublicKeyPem)
			if err == nil {
				keys[keyID] = httpsig.Key{Public: pub}
			}
			return httpsig.Key{Public: pub}, err
		}}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.tries.Add(1)
		body, err := httpsig.ReadBody(req.Body, 1<<20)
		if err != nil {
			http.Error(w, "body", http.StatusBadRequest)
			return
		}
		status := int(r.Status.Load())
		if status >= 300 {
			w.WriteHeader(status)
			return
		}
		v, err := verifier.Verify(req.Context(), req, body)
		if err != nil {
			t.Errorf("remote: signature refused: %v", err)
			http.Error(w, "signature", http.StatusUnauthorized)
			return
		}
		d := delivered{Path: req.URL.Path, KeyID: v.KeyID, Covered: v.Covered, ContentType: req.Header.Get("Content-Type")}
		if err := json.Unmarshal(body, &d.Activity); err != nil {
			t.Errorf("remote: body %s: %v", body, err)
		}
		r.mu.Lock()
		r.got = append(r.got, d)
		r.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

// URL is the remote's address with path.
func (r *remote) URL(path string) string { return r.srv.URL + path }

// Host is the remote's host and port, as federation_hosts names it.
func (r *remote) Host() string { return strings.TrimPrefix(r.srv.URL, "http://") }

// Received is what arrived so far.
func (r *remote) Received() []delivered {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]delivered(nil), r.got...)
}

// Await waits until n activities arrived and answers them.
func (r *remote) Await(n int) []delivered {
	r.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		got := r.Received()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("remote: %d activities arrived, want %d", len(got), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
