package libretranslate_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"social/adapters/providers/translate/libretranslate"
	"social/adapters/providers/translate/translatetest"
)

const post = "Good morning! Anyone coming to the show tonight? #música"

// server answers like LibreTranslate after checking the request's shape.
func server(t *testing.T, reply func(w http.ResponseWriter, r *http.Request)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/translate" {
			t.Errorf("request %s %s, want POST /translate", r.Method, r.URL.Path)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type = %q", ct)
		}
		var body map[string]any
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("body: %v", err)
		}
		want := map[string]any{"q": post, "source": "auto", "target": "pt", "format": "text", "api_key": "lt-key"}
		for k, v := range want {
			if body[k] != v {
				t.Errorf("body[%s] = %v, want %v", k, body[k], v)
			}
		}
		reply(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func newTranslator(t *testing.T, url string) *libretranslate.Translator {
	t.Helper()
	tr, err := libretranslate.New(libretranslate.Options{URL: url + "/", APIKey: "lt-key", Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestTranslateReadsTheAnswerIgnoringExtraFields(t *testing.T) {
	t.Parallel()
	srv := server(t, func(w http.ResponseWriter, _ *http.Request) {
		translatetest.Reply(w, http.StatusOK, translatetest.Body(t, "translate_ok.json"), nil)
	})
	got, err := newTranslator(t, srv.URL).Translate(context.Background(), post, "pt-BR")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Bom dia! Alguém vem para o show hoje à noite? #música"; got != want {
		t.Fatalf("translation = %q, want %q", got, want)
	}
	if c := newTranslator(t, srv.URL).Capabilities(); !c.Available || c.Provider != "libretranslate" {
		t.Fatalf("capabilities = %+v", c)
	}
}

func TestTranslateFailures(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		status  int
		body    []byte
		headers map[string]string
		want    translatetest.Want
	}{
		{"rate limit", http.StatusTooManyRequests, translatetest.Body(t, "rate_limited.json"), map[string]string{"Retry-After": "30"}, translatetest.RateLimited},
		{"no credits", http.StatusForbidden, translatetest.Body(t, "payment.json"), nil, translatetest.PaymentRequired},
		{"payment required", http.StatusPaymentRequired, []byte(`{"error":"Payment required"}`), nil, translatetest.PaymentRequired},
		{"bad key", http.StatusForbidden, translatetest.Body(t, "invalid_key.json"), nil, translatetest.Failed},
		{"server error", http.StatusInternalServerError, []byte(`{"error":"Internal Server Error"}`), nil, translatetest.Failed},
		{"bad gateway page", http.StatusBadGateway, []byte("<html>502 Bad Gateway</html>"), nil, translatetest.Failed},
		{"malformed JSON", http.StatusOK, []byte(`{"translatedText": "Bom`), nil, translatetest.Failed},
		{"answer without translatedText", http.StatusOK, []byte(`{"detectedLanguage":{"language":"en"}}`), nil, translatetest.Failed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := server(t, func(w http.ResponseWriter, _ *http.Request) {
				translatetest.Reply(w, c.status, c.body, c.headers)
			})
			_, err := newTranslator(t, srv.URL).Translate(context.Background(), post, "pt")
			e := translatetest.AssertError(t, err, c.want)
			if c.name == "rate limit" && e.RetryAfter != 30*time.Second {
				t.Errorf("RetryAfter = %v, want 30s", e.RetryAfter)
			}
		})
	}
}

func TestTranslateTimesOut(t *testing.T) {
	t.Parallel()
	srv := server(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	start := time.Now()
	_, err := newTranslator(t, srv.URL).Translate(context.Background(), post, "pt")
	translatetest.AssertError(t, err, translatetest.Failed)
	if time.Since(start) > 3*time.Second {
		t.Fatalf("gave up after %v, want about the 300ms timeout", time.Since(start))
	}
}

func TestTranslateNeedsNoRequestForEmptyText(t *testing.T) {
	t.Parallel()
	tr := newTranslator(t, "http://127.0.0.1:1")
	if got, err := tr.Translate(context.Background(), "  ", "pt"); err != nil || got != "" {
		t.Fatalf("Translate(blank) = %q, %v", got, err)
	}
	_, err := tr.Translate(context.Background(), post, "not a language")
	translatetest.AssertError(t, err, translatetest.Failed)
}
