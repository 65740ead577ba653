package deepl_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"social/adapters/providers/translate/deepl"
	"social/adapters/providers/translate/internal/httpcall"
	"social/adapters/providers/translate/translatetest"
)

// server answers like DeepL after checking the request's shape; the target
// language sent is checked against wantTarget.
func server(t *testing.T, wantTarget string, reply http.HandlerFunc) *httptest.Server {
	t.Helper()
	type request struct {
		Text       []string `json:"text"`
		TargetLang string   `json:"target_lang"`
	}
	return translatetest.Endpoint(t, "/v2/translate", map[string]string{"Authorization": "DeepL-Auth-Key dl-key:fx"},
		func(body request) {
			if len(body.Text) != 1 || body.Text[0] != translatetest.Post || body.TargetLang != wantTarget {
				t.Errorf("body = %+v, want text [%q] and target_lang %s", body, translatetest.Post, wantTarget)
			}
		}, reply)
}

func newTranslator(t *testing.T, url string) *deepl.Translator {
	t.Helper()
	tr, err := deepl.New(httpcall.Options{URL: url, APIKey: "dl-key:fx", Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// translateTo translates the test post into the language tag, which DeepL
// must be asked for as target.
func translateTo(tag, target string) translatetest.Translate {
	return func(t *testing.T, reply http.HandlerFunc) (string, error) {
		return newTranslator(t, server(t, target, reply).URL).Translate(context.Background(), translatetest.Post, tag)
	}
}

func TestTranslateReadsTheAnswerIgnoringExtraFields(t *testing.T) {
	t.Parallel()
	for tag, target := range map[string]string{"pt": "PT-BR", "pt-BR": "PT-BR", "pt-PT": "PT-PT", "en": "EN-US", "en-GB": "EN-GB", "es": "ES", "de-AT": "DE"} {
		t.Run(tag, func(t *testing.T) {
			t.Parallel()
			translatetest.CheckTranslation(t, translateTo(tag, target), "translate_ok.json")
		})
	}
}

func TestTranslateFailures(t *testing.T) {
	t.Parallel()
	translatetest.CheckFailures(t, translateTo("pt-BR", "PT-BR"), 5*time.Second, []translatetest.Failure{
		{Name: "rate limit", Status: http.StatusTooManyRequests, Body: translatetest.Body(t, "rate_limited.json"), Headers: map[string]string{"Retry-After": "5"}, Want: translatetest.RateLimited},
		{Name: "quota exceeded", Status: 456, Body: translatetest.Body(t, "quota.json"), Want: translatetest.PaymentRequired},
		{Name: "forbidden", Status: http.StatusForbidden, Body: translatetest.Body(t, "forbidden.json"), Want: translatetest.Failed},
		{Name: "unavailable", Status: http.StatusServiceUnavailable, Body: []byte(`{"message":"Service unavailable"}`), Want: translatetest.Failed},
		{Name: "malformed JSON", Status: http.StatusOK, Body: []byte(`{"translations":[{"text":`), Want: translatetest.Failed},
		{Name: "no translation", Status: http.StatusOK, Body: []byte(`{"translations":[]}`), Want: translatetest.Failed},
	})
}

func TestTranslateTimesOut(t *testing.T) {
	t.Parallel()
	translatetest.CheckTimeout(t, translateTo("pt", "PT-BR"))
}

func TestNewNeedsAKey(t *testing.T) {
	t.Parallel()
	if _, err := deepl.New(httpcall.Options{Timeout: time.Second}); err == nil {
		t.Fatal("New without a key succeeded")
	}
}
