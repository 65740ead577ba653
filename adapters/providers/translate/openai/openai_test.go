package openai_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"social/adapters/providers/translate/internal/httpcall"
	"social/adapters/providers/translate/openai"
	"social/adapters/providers/translate/translatetest"
)

const post = "Good morning! Anyone coming to the show tonight? #música"

// server answers like OpenAI's chat completions after checking the request.
func server(t *testing.T, reply func(w http.ResponseWriter, r *http.Request)) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
			t.Errorf("request %s %s, want POST /v1/chat/completions", r.Method, r.URL.Path)
		}
		if got := r.Header.Get("Authorization"); got != "Bearer sk-test" {
			t.Errorf("Authorization = %q", got)
		}
		var body struct {
			Model    string `json:"model"`
			Messages []struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"messages"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("body: %v", err)
		}
		if body.Model != "gpt-4o-mini" || len(body.Messages) != 2 ||
			body.Messages[0].Role != "system" || !strings.Contains(body.Messages[0].Content, `"pt-BR"`) ||
			!strings.Contains(body.Messages[0].Content, "translation only") ||
			body.Messages[1].Role != "user" || body.Messages[1].Content != post {
			t.Errorf("body = %+v", body)
		}
		reply(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func newTranslator(t *testing.T, url string) *openai.Translator {
	t.Helper()
	tr, err := openai.New(openai.Options{Options: httpcall.Options{URL: url, APIKey: "sk-test", Timeout: 300 * time.Millisecond}, Model: "gpt-4o-mini"})
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestTranslateReadsTheAnswerIgnoringExtraFields(t *testing.T) {
	t.Parallel()
	srv := server(t, func(w http.ResponseWriter, _ *http.Request) {
		translatetest.Reply(w, http.StatusOK, translatetest.Body(t, "chat_ok.json"), nil)
	})
	got, err := newTranslator(t, srv.URL).Translate(context.Background(), post, "pt-BR")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Bom dia! Alguém vem para o show hoje à noite? #música"; got != want {
		t.Fatalf("translation = %q, want %q", got, want)
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
		{"rate limit", http.StatusTooManyRequests, translatetest.Body(t, "rate_limited.json"), map[string]string{"Retry-After": "20"}, translatetest.RateLimited},
		{"insufficient quota answered as 429", http.StatusTooManyRequests, translatetest.Body(t, "insufficient_quota.json"), nil, translatetest.PaymentRequired},
		{"payment required", http.StatusPaymentRequired, translatetest.Body(t, "payment_required.json"), nil, translatetest.PaymentRequired},
		{"server error", http.StatusInternalServerError, translatetest.Body(t, "server_error.json"), nil, translatetest.Failed},
		{"unauthorized", http.StatusUnauthorized, []byte(`{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`), nil, translatetest.Failed},
		{"malformed JSON", http.StatusOK, []byte(`{"choices":[{"message":`), nil, translatetest.Failed},
		{"no choices", http.StatusOK, []byte(`{"id":"chatcmpl-1","choices":[]}`), nil, translatetest.Failed},
		{"empty content", http.StatusOK, []byte(`{"choices":[{"message":{"role":"assistant","content":"  "}}]}`), nil, translatetest.Failed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := server(t, func(w http.ResponseWriter, _ *http.Request) {
				translatetest.Reply(w, c.status, c.body, c.headers)
			})
			_, err := newTranslator(t, srv.URL).Translate(context.Background(), post, "pt-BR")
			e := translatetest.AssertError(t, err, c.want)
			if c.name == "rate limit" && e.RetryAfter != 20*time.Second {
				t.Errorf("RetryAfter = %v, want 20s", e.RetryAfter)
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
	_, err := newTranslator(t, srv.URL).Translate(context.Background(), post, "pt-BR")
	translatetest.AssertError(t, err, translatetest.Failed)
}
