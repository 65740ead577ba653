package httpkit

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// memoryKeys is an in-memory ports.IdempotencyKeys.
type memoryKeys map[string]ports.IdempotentAnswer

func (m memoryKeys) Claim(_ context.Context, member domain.UserID, key string, _ time.Duration) (bool, ports.IdempotentAnswer, error) {
	k := member.String() + "/" + key
	if a, ok := m[k]; ok {
		return false, a, nil
	}
	m[k] = ports.IdempotentAnswer{}
	return true, ports.IdempotentAnswer{}, nil
}

func (m memoryKeys) Finish(_ context.Context, member domain.UserID, key string, a ports.IdempotentAnswer) error {
	m[member.String()+"/"+key] = a
	return nil
}

func (m memoryKeys) MarkCommitted(context.Context, domain.UserID, string) error { return nil }

func (m memoryKeys) Release(_ context.Context, member domain.UserID, key string) error {
	delete(m, member.String()+"/"+key)
	return nil
}

// A first request runs and its answer is kept; a retry gets it again,
// marked, without running; another body with the key is refused; a failure
// of the server frees the key; an invalid key is refused before anything.
func TestIdempotencyServe(t *testing.T) {
	keys := memoryKeys{}
	once := NewIdempotency(keys)
	member := domain.NewUserID()
	runs := 0
	status := http.StatusCreated
	serve := func(key, body string) (*httptest.ResponseRecorder, error) {
		w := httptest.NewRecorder()
		r := httptest.NewRequest(http.MethodPost, "/criar", strings.NewReader(body))
		var refused error
		once.Serve(w, r, member, key, func(err error) { refused = err }, func(w http.ResponseWriter, r *http.Request) {
			runs++
			got, _ := io.ReadAll(r.Body)
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(status)
			_, _ = w.Write([]byte("feito:" + string(got)))
		})
		return w, refused
	}
	code := func(err error) string {
		if e, ok := errs.As(err); ok {
			return e.Code
		}
		return ""
	}

	if w, err := serve("k", "a"); err != nil || w.Code != http.StatusCreated || runs != 1 {
		t.Fatalf("first: %d %v (%d runs)", w.Code, err, runs)
	}
	w, err := serve("k", "a")
	if err != nil || runs != 1 || w.Code != http.StatusCreated || w.Body.String() != "feito:a" ||
		w.Header().Get("Idempotent-Replayed") != "true" || w.Header().Get("Content-Type") != "text/plain" {
		t.Fatalf("replay: %d %q %v (%d runs)", w.Code, w.Body.String(), err, runs)
	}
	if _, err := serve("k", "b"); code(err) != CodeIdempotencyKeyReused || runs != 1 {
		t.Fatalf("another body: %v", err)
	}
	if _, err := serve("com espaço", "a"); code(err) != CodeIdempotencyKeyInvalid || runs != 1 {
		t.Fatalf("invalid key: %v", err)
	}
	status = http.StatusInternalServerError
	if _, err := serve("k2", "a"); err != nil || runs != 2 {
		t.Fatalf("failing: %v", err)
	}
	status = http.StatusOK
	if w, err := serve("k2", "a"); err != nil || runs != 3 || w.Header().Get("Idempotent-Replayed") != "" {
		t.Fatalf("after a failure the key runs again: %v (%d runs)", err, runs)
	}
	if _, err := serve("", "a"); err != nil || runs != 4 {
		t.Fatalf("without a key: %v", err)
	}
	keys[member.String()+"/busy"] = ports.IdempotentAnswer{}
	if _, err := serve("busy", "a"); code(err) != CodeIdempotencyInProgress {
		t.Fatalf("in progress: %v", err)
	}
}
