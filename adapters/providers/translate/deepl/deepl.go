// Package deepl translates through DeepL's API (POST /v2/translate, JSON).
package deepl

import (
	"context"
	"fmt"
	"net/http"
	"strings"

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

// Translator is the DeepL adapter.
type Translator struct{ api httpcall.Provider }

var _ ports.Translator = (*Translator)(nil)

// New checks the options and builds the adapter.
func New(o httpcall.Options) (*Translator, error) {
	if o.APIKey == "" {
		return nil, fmt.Errorf("deepl: the API key is required")
	}
	base := o.URL
	if base == "" {
		base = ProURL
		if strings.HasSuffix(o.APIKey, ":fx") {
			base = FreeURL
		}
	}
	api, err := httpcall.NewProvider("deepl", base, "/v2/translate", o)
	return &Translator{api: api}, err
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
	if httpcall.Blank(text) {
		return "", nil
	}
	primary, region, err := t.api.Target(targetLang)
	if err != nil {
		return "", err
	}
	var out response
	err = t.api.Call(ctx, map[string]string{"Authorization": "DeepL-Auth-Key " + t.api.APIKey()},
		request{Text: []string{text}, TargetLang: targetCode(primary, region)}, &out, t.classify)
	if err != nil {
		return "", err
	}
	if len(out.Translations) != 1 {
		return "", t.api.Failed("%d translations for one text", len(out.Translations))
	}
	return out.Translations[0].Text, nil
}

// classify maps DeepL's failures: 429 is its rate limit, 456 (or 402) an
// account whose character quota is spent.
func (t *Translator) classify(resp httpcall.Response) error {
	cause := t.api.Unexpected(resp)
	switch resp.Status {
	case http.StatusTooManyRequests:
		return ports.ErrTranslationRateLimited(httpcall.RetryAfter(resp.Header), cause)
	case statusQuotaExceeded, http.StatusPaymentRequired:
		return ports.ErrTranslationPaymentRequired(cause)
	}
	return ports.ErrTranslationFailed(cause)
}

// targetCode turns a browser tag into DeepL's target code. DeepL wants a
// variant for English and Portuguese; a Brazilian server defaults to PT-BR.
func targetCode(primary, region string) string {
	code := strings.ToUpper(primary)
	switch code {
	case "PT":
		if region == "PT" {
			return "PT-PT"
		}
		return "PT-BR"
	case "EN":
		if region == "GB" {
			return "EN-GB"
		}
		return "EN-US"
	}
	return code
}

// Capabilities says translation is available through DeepL.
func (t *Translator) Capabilities() ports.TranslatorCapabilities {
	return ports.TranslatorCapabilities{Available: true, Provider: "deepl"}
}
