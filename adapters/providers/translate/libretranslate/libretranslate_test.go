package libretranslate_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"social/adapters/providers/translate/internal/httpcall"
	"social/adapters/providers/translate/libretranslate"
	"social/adapters/providers/translate/translatetest"
)

const post = "Good morning! Anyone coming to the show tonight? #música"

// server answers like LibreTranslate after checking the request's shape.
func server(t *testing.T, reply http.HandlerFunc) *httptest.Server {
	t.Helper()
	return translatetest.Endpoint(t, "/translate", nil, func(body map[string]any) {
		want := map[string]any{"q": post, "source": "auto", "target": "pt", "format": "text", "api_key": "lt-key"}
		for k, v := range want {
			if body[k] != v {
				t.Errorf("body[%s] = %v, want %v", k, body[k], v)
			}
		}
	}, reply)
}

func newTranslator(t *testing.T, url string) *libretranslate.Translator {
	t.Helper()
	tr, err := libretranslate.New(httpcall.Options{URL: url + "/", APIKey: "lt-key", Timeout: 300 * time.Millisecond})
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
	translatetest.CheckFailures(t, func(t *testing.T, reply http.HandlerFunc) error {
		_, err := newTranslator(t, server(t, reply).URL).Translate(context.Background(), post, "pt")
		return err
	}, 30*time.Second, []translatetest.Failure{
		{Name: "rate limit", Status: http.StatusTooManyRequests, Body: translatetest.Body(t, "rate_limited.json"), Headers: map[string]string{"Retry-After": "30"}, Want: translatetest.RateLimited},
		{Name: "no credits", Status: http.StatusForbidden, Body: translatetest.Body(t, "payment.json"), Want: translatetest.PaymentRequired},
		{Name: "payment required", Status: http.StatusPaymentRequired, Body: []byte(`{"error":"Payment required"}`), Want: translatetest.PaymentRequired},
		{Name: "bad key", Status: http.StatusForbidden, Body: translatetest.Body(t, "invalid_key.json"), Want: translatetest.Failed},
		{Name: "server error", Status: http.StatusInternalServerError, Body: []byte(`{"error":"Internal Server Error"}`), Want: translatetest.Failed},
		{Name: "bad gateway page", Status: http.StatusBadGateway, Body: []byte("<html>502 Bad Gateway</html>"), Want: translatetest.Failed},
		{Name: "malformed JSON", Status: http.StatusOK, Body: []byte(`{"translatedText": "Bom`), Want: translatetest.Failed},
		{Name: "answer without translatedText", Status: http.StatusOK, Body: []byte(`{"detectedLanguage":{"language":"en"}}`), Want: translatetest.Failed},
	})
}

func TestTranslateTimesOut(t *testing.T) {
	t.Parallel()
	translatetest.CheckTimeout(t, func(t *testing.T, reply http.HandlerFunc) error {
		_, err := newTranslator(t, server(t, reply).URL).Translate(context.Background(), post, "pt")
		return err
	})
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
