package ports

import (
	"context"
	"time"

	"social/core/errs"
)

// TranslatorCapabilities says whether members may ask for translations and
// which provider answers them ("none", "libretranslate", "deepl", "openai").
type TranslatorCapabilities struct {
	Available bool
	Provider  string
}

// Translator turns a post's text into the member's language. targetLang is
// a language code as browsers send it ("pt", "en", "pt-BR"); the source
// language is detected by the provider. Failures are *errs.Error with one of
// the Code... constants below, carrying their pt-BR title and message.
type Translator interface {
	Translate(ctx context.Context, text, targetLang string) (string, error)
	Capabilities() TranslatorCapabilities
}

// Stable codes of translation failures.
const (
	CodeTranslationRateLimited     = "translation_rate_limited"
	CodeTranslationPaymentRequired = "translation_payment_required"
	CodeTranslationFailed          = "translation_failed"
	CodeTranslationUnavailable     = "translation_unavailable"
)

// pt-BR texts of translation failures.
const (
	TitleTranslationRateLimited     = "Limite excedido"
	MsgTranslationRateLimited       = "Muitas traduções. Tente novamente em alguns instantes."
	TitleTranslationPaymentRequired = "Créditos necessários"
	MsgTranslationPaymentRequired   = "Os créditos do serviço de tradução acabaram. Adicione créditos ao workspace de IA do provedor para voltar a traduzir."
	TitleTranslationFailed          = "Erro na tradução"
	MsgTranslationFailed            = "Não foi possível traduzir o post."
	MsgTranslationUnavailable       = "A tradução não está disponível neste servidor."
)

// ErrTranslationRateLimited is the provider refusing for now (HTTP 429).
func ErrTranslationRateLimited(retryAfter time.Duration, cause error) *errs.Error {
	e := errs.RateLimited(CodeTranslationRateLimited, TitleTranslationRateLimited, MsgTranslationRateLimited, retryAfter)
	e.Cause = cause
	return e
}

// ErrTranslationPaymentRequired is the provider's account out of credits or quota.
func ErrTranslationPaymentRequired(cause error) *errs.Error {
	e := errs.Unavailable(CodeTranslationPaymentRequired, MsgTranslationPaymentRequired, cause)
	e.Title = TitleTranslationPaymentRequired
	return e
}

// ErrTranslationFailed is any other failure: network, timeout, 5xx, an answer
// that cannot be read.
func ErrTranslationFailed(cause error) *errs.Error {
	e := errs.Unavailable(CodeTranslationFailed, MsgTranslationFailed, cause)
	e.Title = TitleTranslationFailed
	return e
}

// ErrTranslationUnavailable is a server with no translation provider configured.
func ErrTranslationUnavailable() *errs.Error {
	e := errs.Unavailable(CodeTranslationUnavailable, MsgTranslationUnavailable, nil)
	e.Title = TitleTranslationFailed
	return e
}
