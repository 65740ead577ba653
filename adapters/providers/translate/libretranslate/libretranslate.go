// Package libretranslate translates through a LibreTranslate server
// (POST /translate), self-hosted or libretranslate.com.
package libretranslate

import (
	"context"
	"net/http"
	"strings"

	"social/adapters/providers/translate/internal/httpcall"
	"social/core/ports"
)

// Translator is the LibreTranslate adapter.
type Translator struct{ api httpcall.Provider }

var _ ports.Translator = (*Translator)(nil)

// New checks the options and builds the adapter.
func New(o httpcall.Options) (*Translator, error) {
	api, err := httpcall.NewProvider("libretranslate", o.URL, "/translate", o)
	return &Translator{api: api}, err
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
	if httpcall.Blank(text) {
		return "", nil
	}
	target, _, err := t.api.Target(targetLang)
	if err != nil {
		return "", err
	}
	var out response
	err = t.api.Call(ctx, nil, request{
		Q: text, Source: "auto", Target: target, Format: "text", APIKey: t.api.APIKey(),
	}, &out, t.classify)
	if err != nil {
		return "", err
	}
	if out.TranslatedText == nil {
		return "", t.api.Failed("answer without translatedText")
	}
	return *out.TranslatedText, nil
}

// classify maps LibreTranslate's failures: 429 is its rate limit; a 403
// speaking of payment or credits is an account without a paid plan.
func (t *Translator) classify(resp httpcall.Response) error {
	cause := t.api.Unexpected(resp)
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
