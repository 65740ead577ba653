package translate

import (
	"fmt"

	"go.uber.org/fx"

	"social/adapters/providers/translate/deepl"
	"social/adapters/providers/translate/internal/httpcall"
	"social/adapters/providers/translate/libretranslate"
	"social/adapters/providers/translate/none"
	"social/adapters/providers/translate/openai"
	"social/config"
	"social/core/ports"
)

// Module provides the ports.Translator that translate.provider names.
var Module = fx.Module("translate", fx.Provide(New))

// New builds the adapter cfg.Translate.Provider names. It touches no network.
func New(cfg *config.Config) (ports.Translator, error) {
	t := cfg.Translate
	provider := httpcall.Options{URL: t.URL, APIKey: t.APIKey, Timeout: t.Timeout}
	switch t.Provider {
	case config.TranslateNone, "":
		return none.Translator{}, nil
	case config.TranslateLibreTranslate:
		return wrap(libretranslate.New(provider))
	case config.TranslateDeepL:
		return wrap(deepl.New(provider))
	case config.TranslateOpenAI:
		return wrap(openai.New(openai.Options{Options: provider, Model: t.Model}))
	}
	return nil, fmt.Errorf("translate.provider: unknown value %q", t.Provider)
}

func wrap[T ports.Translator](t T, err error) (ports.Translator, error) {
	if err != nil {
		return nil, fmt.Errorf("translate: %w", err)
	}
	return t, nil
}
