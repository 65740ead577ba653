// Package libretranslate translates through a LibreTranslate server
// (POST /translate), self-hosted or libretranslate.com.
package libretranslate

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"social/adapters/providers/translate/internal/httpcall"
	"social/core/ports"
)

// Options configure the adapter.
type Options struct {
	// URL is the server's base address, e.g. https://libretranslate.com.
	URL string
	// APIKey is sent when not empty (libretranslate.com requires one).
	APIKey  string
	Timeout time.Duration
}

// Translator is the LibreTranslate adapter.
type Translator struct {
	endpoint string
	apiKey   string
	client   *http.Client
}

var _ ports.Translator = (*Translator)(nil)

// New checks the options and builds the adapter.
func New(o Options) (*Translator, error) {
	if o.URL == "" {
		return nil, fmt.Errorf("libretranslate: the server URL is required")
	}
	if o.Timeout <= 0 {
		return nil, fmt.Errorf("libretranslate: the timeout must be positive")
	}
	return &Translator{
		endpoint: strings.TrimRight(o.URL, "/") + "/translate",
		apiKey:   o.APIKey,
		client:   httpcall.Client(o.Timeout),
	}, nil
}

type request struct {
	Q      string `json:"q"`
	Source string `json:"source"`
	Target string `json:"target"`
	Format string `json:"format"`
	APIKey string `json:"api_key,omitempty"`
}

type response struct {
	TranslatedText *string `json:"translatedText"`
	Error          string  `json:"error"`
}

// Translate asks for text in targetLang's primary language, source detected.
func (t *Translator) Translate(ctx context.Context, text, targetLang string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", nil
	}
	target, _, ok := httpcall.Language(targetLang)
	if !ok {
		return "", ports.ErrTranslationFailed(fmt.Errorf("libretranslate: target language %q is not a language code", targetLang))
	}
	resp, err := httpcall.PostJSON(ctx, t.client, t.endpoint, nil, request{
		Q: text, Source: "auto", Target: target, Format: "text", APIKey: t.apiKey,
	})
	if err != nil {
		return "", err
	}
	if resp.Status != http.StatusOK {
		return "", classify(resp)
	}
	var out response
	if err := httpcall.Decode(resp, &out); err != nil {
		return "", err
	}
	if out.TranslatedText == nil {
		return "", ports.ErrTranslationFailed(fmt.Errorf("libretranslate: answer without translatedText"))
	}
	return *out.TranslatedText, nil
}

// classify maps LibreTranslate's failures: 429 is its rate limit; a 403
// speaking of payment or credits is an account without a paid plan.
func classify(resp httpcall.Response) error {
	cause := fmt.Errorf("libretranslate: %w", httpcall.Unexpected(resp))
	switch {
	case resp.Status == http.StatusTooManyRequests:
		return ports.ErrTranslationRateLimited(httpcall.RetryAfter(resp.Header), cause)
	case resp.Status == http.StatusPaymentRequired:
		return ports.ErrTranslationPaymentRequired(cause)
	case resp.Status == http.StatusForbidden && mentionsPayment(string(resp.Body)):
		return ports.ErrTranslationPaymentRequired(cause)
	}
	return ports.ErrTranslationFailed(cause)
}

func mentionsPayment(body string) bool {
	body = strings.ToLower(body)
	for _, w := range []string{"payment", "credit", "quota", "subscription"} {
		if strings.Contains(body, w) {
			return true
		}
	}
	return false
}

// Capabilities says translation is available through LibreTranslate.
func (t *Translator) Capabilities() ports.TranslatorCapabilities {
	return ports.TranslatorCapabilities{Available: true, Provider: "libretranslate"}
}
