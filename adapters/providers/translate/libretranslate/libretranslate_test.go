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

// server answers like LibreTranslate after checking the request's shape.
func server(t *testing.T, reply http.HandlerFunc) *httptest.Server {
	t.Helper()
	return translatetest.Endpoint(t, "/translate", nil, func(body map[string]any) {
		want := map[string]any{"q": translatetest.Post, "source": "auto", "target": "pt", "format": "text", "api_key": "lt-key"}
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

// translateTo translates the test post into the language tag (LibreTranslate
// is asked for "pt" whichever Portuguese it is).
func translateTo(tag string) translatetest.Translate {
	return func(t *testing.T, reply http.HandlerFunc) (string, error) {
		return newTranslator(t, server(t, reply).URL).Translate(context.Background(), translatetest.Post, tag)
	}
}

func TestTranslateReadsTheAnswerIgnoringExtraFields(t *testing.T) {
	t.Parallel()
	translatetest.CheckTranslation(t, translateTo("pt-BR"), "translate_ok.json")
}

func TestCapabilities(t *testing.T) {
	t.Parallel()
	if c := newTranslator(t, "http://127.0.0.1:1").Capabilities(); !c.Available || c.Provider != "libretranslate" {
		t.Fatalf("capabilities = %+v", c)
	}
}

func TestTranslateFailures(t *testing.T) {
	t.Parallel()
	translatetest.CheckFailures(t, translateTo("pt"), 30*time.Second, []translatetest.Failure{
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
	translatetest.CheckTimeout(t, translateTo("pt"))
}

func TestTranslateNeedsNoRequestForEmptyText(t *testing.T) {
	t.Parallel()
	tr := newTranslator(t, "http://127.0.0.1:1")
	if got, err := tr.Translate(context.Background(), "  ", "pt"); err != nil || got != "" {
		t.Fatalf("Translate(blank) = %q, %v", got, err)
	}
	_, err := tr.Translate(context.Background(), translatetest.Post, "not a language")
	translatetest.AssertError(t, err, translatetest.Failed)
}
