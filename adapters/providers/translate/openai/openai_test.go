package openai_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"social/adapters/providers/translate/internal/httpcall"
	"social/adapters/providers/translate/openai"
	"social/adapters/providers/translate/translatetest"
)

// server answers like OpenAI's chat completions after checking the request.
func server(t *testing.T, reply http.HandlerFunc) *httptest.Server {
	t.Helper()
	type request struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
	return translatetest.Endpoint(t, "/v1/chat/completions", map[string]string{"Authorization": "Bearer sk-test"},
		func(body request) {
			if body.Model != "gpt-4o-mini" || len(body.Messages) != 2 ||
				body.Messages[0].Role != "system" || !strings.Contains(body.Messages[0].Content, `"pt-BR"`) ||
				!strings.Contains(body.Messages[0].Content, "translation only") ||
				body.Messages[1].Role != "user" || body.Messages[1].Content != translatetest.Post {
				t.Errorf("body = %+v", body)
			}
		}, reply)
}

func newTranslator(t *testing.T, url string) *openai.Translator {
	t.Helper()
	tr, err := openai.New(openai.Options{Options: httpcall.Options{URL: url, APIKey: "sk-test", Timeout: 300 * time.Millisecond}, Model: "gpt-4o-mini"})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// translateToPortuguese translates the test post into pt-BR, the language
// the stand-in checks the instructions name.
func translateToPortuguese(t *testing.T, reply http.HandlerFunc) (string, error) {
	return newTranslator(t, server(t, reply).URL).Translate(context.Background(), translatetest.Post, "pt-BR")
}

func TestTranslateReadsTheAnswerIgnoringExtraFields(t *testing.T) {
	t.Parallel()
	translatetest.CheckTranslation(t, translateToPortuguese, "chat_ok.json")
}

func TestTranslateFailures(t *testing.T) {
	t.Parallel()
	translatetest.CheckFailures(t, translateToPortuguese, 20*time.Second, []translatetest.Failure{
		{Name: "rate limit", Status: http.StatusTooManyRequests, Body: translatetest.Body(t, "rate_limited.json"), Headers: map[string]string{"Retry-After": "20"}, Want: translatetest.RateLimited},
		{Name: "insufficient quota answered as 429", Status: http.StatusTooManyRequests, Body: translatetest.Body(t, "insufficient_quota.json"), Want: translatetest.PaymentRequired},
		{Name: "payment required", Status: http.StatusPaymentRequired, Body: translatetest.Body(t, "payment_required.json"), Want: translatetest.PaymentRequired},
		{Name: "server error", Status: http.StatusInternalServerError, Body: translatetest.Body(t, "server_error.json"), Want: translatetest.Failed},
		{Name: "unauthorized", Status: http.StatusUnauthorized, Body: []byte(`{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`), Want: translatetest.Failed},
		{Name: "malformed JSON", Status: http.StatusOK, Body: []byte(`{"choices":[{"message":`), Want: translatetest.Failed},
		{Name: "no choices", Status: http.StatusOK, Body: []byte(`{"id":"chatcmpl-1","choices":[]}`), Want: translatetest.Failed},
		{Name: "empty content", Status: http.StatusOK, Body: []byte(`{"choices":[{"message":{"role":"assistant","content":"  "}}]}`), Want: translatetest.Failed},
	})
}

func TestTranslateTimesOut(t *testing.T) {
	t.Parallel()
	translatetest.CheckTimeout(t, translateToPortuguese)
}
