// Package translatetest holds the checks every translation adapter's tests
// share: the error a failure must come back as, and a server that answers
// a recorded provider body.
package translatetest

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"social/core/errs"
	"social/core/ports"
)

// Want is the code a failure must carry, with its pt-BR title and message.
type Want struct {
	Code, Title, Message string
	Kind                 errs.Kind
}

// The three failures a translator reports: rate limited, payment required,
// unavailable.
var (
	RateLimited     = Want{ports.CodeTranslationRateLimited, ports.TitleTranslationRateLimited, ports.MsgTranslationRateLimited, errs.KindRateLimited}
	PaymentRequired = Want{ports.CodeTranslationPaymentRequired, ports.TitleTranslationPaymentRequired, ports.MsgTranslationPaymentRequired, errs.KindUnavailable}
	Failed          = Want{ports.CodeTranslationFailed, ports.TitleTranslationFailed, ports.MsgTranslationFailed, errs.KindUnavailable}
)

// AssertError fails t unless err is an *errs.Error matching want.
func AssertError(t *testing.T, err error, want Want) *errs.Error {
	t.Helper()
	e, ok := errs.As(err)
	if !ok {
		t.Fatalf("err = %v (%T), want an *errs.Error with code %s", err, err, want.Code)
	}
	if e.Code != want.Code || e.Title != want.Title || e.Message != want.Message || e.Kind != want.Kind {
		t.Fatalf("err = {%d %s %q %q}, want {%d %s %q %q}", e.Kind, e.Code, e.Title, e.Message, want.Kind, want.Code, want.Title, want.Message)
	}
	if errors.Unwrap(err) == nil {
		t.Errorf("err %s carries no cause for the logs", want.Code)
	}
	return e
}

// Body reads a recorded provider answer from testdata.
func Body(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Reply answers status with body as JSON, and extra headers.
func Reply(w http.ResponseWriter, status int, body []byte, headers map[string]string) {
	w.Header().Set("Content-Type", "application/json")
	for k, v := range headers {
		w.Header().Set(k, v)
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// Endpoint stands in for a provider's endpoint. Every request must be a
// JSON POST to path carrying headers; its body, decoded into a B, goes to
// check, and reply answers it. The server closes when the test ends.
func Endpoint[B any](t *testing.T, path string, headers map[string]string, check func(body B), reply http.HandlerFunc) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != path {
			t.Errorf("request %s %s, want POST %s", r.Method, r.URL.Path, path)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type = %q", ct)
		}
		for name, want := range headers {
			if got := r.Header.Get(name); got != want {
				t.Errorf("%s = %q, want %q", name, got, want)
			}
		}
		var body B
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("body: %v", err)
		}
		check(body)
		reply(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}
