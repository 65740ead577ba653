package translate_test

import (
	"context"
	"testing"

	"social/adapters/providers/translate"
	"social/config"
	"social/core/errs"
	"social/core/ports"
)

func load(t *testing.T, env map[string]string) *config.Config {
	t.Helper()
	for k, v := range env {
		t.Setenv(k, v)
	}
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func TestDefaultIsNone(t *testing.T) {
	tr, err := translate.New(load(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	if c := tr.Capabilities(); c.Available || c.Provider != "none" {
		t.Fatalf("capabilities = %+v", c)
	}
	_, err = tr.Translate(context.Background(), "Olá", "en")
	if e, ok := errs.As(err); !ok || e.Code != ports.CodeTranslationUnavailable || e.Kind != errs.KindUnavailable {
		t.Fatalf("err = %v", err)
	}
}

func TestProviderChosenByConfig(t *testing.T) {
	cases := map[string]map[string]string{
		"libretranslate": {"SOCIAL_TRANSLATE_PROVIDER": "libretranslate", "SOCIAL_TRANSLATE_URL": "http://127.0.0.1:5000"},
		"deepl":          {"SOCIAL_TRANSLATE_PROVIDER": "deepl", "SOCIAL_TRANSLATE_API_KEY": "k:fx"},
		"openai":         {"SOCIAL_TRANSLATE_PROVIDER": "openai", "SOCIAL_TRANSLATE_API_KEY": "sk-x"},
	}
	for provider, env := range cases {
		t.Run(provider, func(t *testing.T) {
			tr, err := translate.New(load(t, env))
			if err != nil {
				t.Fatal(err)
			}
			if c := tr.Capabilities(); !c.Available || c.Provider != provider {
				t.Fatalf("capabilities = %+v", c)
			}
		})
	}
}
