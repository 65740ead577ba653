// Package deepl translates through DeepL's API (POST /v2/translate, JSON).
package deepl

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"social/adapters/providers/translate/internal/httpcall"
	"social/core/ports"
)

// DeepL's two hosts: keys of the free plan end in ":fx".
const (
	ProURL  = "https://api.deepl.com"
	FreeURL = "https://api-free.deepl.com"
)

// statusQuotaExceeded is DeepL's answer when the account's character quota is spent.
const statusQuotaExceeded = 456

// Options configure the adapter.
type Options struct {
	// URL is the API's base address; empty picks ProURL or FreeURL from the key.
	URL     string
	APIKey  string
	Timeout time.Duration
}

// Translator is the DeepL adapter.
type Translator struct {
	endpoint string
	apiKey   string
	client   *http.Client
}

var _ ports.Translator = (*Translator)(nil)

// New checks the options and builds the adapter.
func New(o Options) (*Translator, error) {
	if o.APIKey == "" {
		return nil, fmt.Errorf("deepl: the API key is required")
	}
	if o.Timeout <= 0 {
		return nil, fmt.Errorf("deepl: the timeout must be positive")
	}
	base := o.URL
	if base == "" {
		base = ProURL
		if strings.HasSuffix(o.APIKey, ":fx") {
			base = FreeURL
		}
	}
	return &Translator{
		endpoint: strings.TrimRight(base, "/") + "/v2/translate",
		apiKey:   o.APIKey,
		client:   httpcall.Client(o.Timeout),
	}, nil
}

type request struct {
	Text       []string `json:"text"`
	TargetLang string   `json:"target_lang"`
}

type response struct {
	Translations []struct {
		DetectedSourceLanguage string `json:"detected_source_language"`
		Text                   string `json:"text"`
	} `json:"translations"`
}

// Translate asks for text in targetLang, source detected.
func (t *Translator) Translate(ctx context.Context, text, targetLang string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", nil
	}
	target, ok := targetCode(targetLang)
	if !ok {
		return "", ports.ErrTranslationFailed(fmt.Errorf("deepl: target language %q is not a language code", targetLang))
	}
	resp, err := httpcall.PostJSON(ctx, t.client, t.endpoint,
		map[string]string{"Authorization": "DeepL-Auth-Key " + t.apiKey},
		request{Text: []string{text}, TargetLang: target})
	if err != nil {
		return "", err
	}
	if resp.Status != http.StatusOK {
		cause := fmt.Errorf("deepl: %w", httpcall.Unexpected(resp))
		switch resp.Status {
		case http.StatusTooManyRequests:
			return "", ports.ErrTranslationRateLimited(httpcall.RetryAfter(resp.Header), cause)
		case statusQuotaExceeded, http.StatusPaymentRequired:
			return "", ports.ErrTranslationPaymentRequired(cause)
		}
		return "", ports.ErrTranslationFailed(cause)
	}
	var out response
	if err := httpcall.Decode(resp, &out); err != nil {
		return "", err
	}
	if len(out.Translations) != 1 {
		return "", ports.ErrTranslationFailed(fmt.Errorf("deepl: %d translations for one text", len(out.Translations)))
	}
	return out.Translations[0].Text, nil
}

// targetCode turns a browser tag into DeepL's target code. DeepL wants a
// variant for English and Portuguese; a Brazilian server defaults to PT-BR.
func targetCode(tag string) (string, bool) {
	primary, region, ok := httpcall.Language(tag)
	if !ok {
		return "", false
	}
	code := strings.ToUpper(primary)
	switch code {
	case "PT":
		if region == "PT" {
			return "PT-PT", true
		}
		return "PT-BR", true
	case "EN":
		if region == "GB" {
			return "EN-GB", true
		}
		return "EN-US", true
	}
	return code, true
}

// Capabilities says translation is available through DeepL.
func (t *Translator) Capabilities() ports.TranslatorCapabilities {
	return ports.TranslatorCapabilities{Available: true, Provider: "deepl"}
}
