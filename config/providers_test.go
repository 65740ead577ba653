package config_test

import (
	"strings"
	"testing"
	"time"

	"social/config"
)

func TestProviderDefaults(t *testing.T) {
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	if tr := cfg.Translate; tr.Provider != "none" || tr.URL != "" || tr.APIKey != "" || tr.Model != "gpt-4o-mini" || tr.Timeout != 15*time.Second {
		t.Errorf("translate defaults = %+v", tr)
	}
	want := config.Trending{FeedURL: "https://rss.applemarketingtools.com", LookupURL: "https://itunes.apple.com", Country: "br", Limit: 10}
	if cfg.Trending != want {
		t.Errorf("trending defaults = %+v, want %+v", cfg.Trending, want)
	}
}

// Every bad provider value fails at load with a message naming its key.
func TestInvalidProviderConfigNamesTheKey(t *testing.T) {
	cases := []struct {
		name    string
		env     map[string]string
		wantKey string
		file    string
	}{
		{"unknown provider", map[string]string{"SOCIAL_TRANSLATE_PROVIDER": "google"}, `translate.provider: unknown value "google"`, ""},
		{"libretranslate without url", map[string]string{"SOCIAL_TRANSLATE_PROVIDER": "libretranslate"}, "translate.url: is required", ""},
		{"bad url", map[string]string{"SOCIAL_TRANSLATE_PROVIDER": "libretranslate", "SOCIAL_TRANSLATE_URL": "ftp://lt"}, "translate.url: scheme", ""},
		{"deepl without key", map[string]string{"SOCIAL_TRANSLATE_PROVIDER": "deepl"}, "translate.api_key: is required", ""},
		{"openai without key", map[string]string{"SOCIAL_TRANSLATE_PROVIDER": "openai"}, "translate.api_key: is required", ""},
		{"openai without model", nil, "translate.model: is required", "translate:\n  provider: openai\n  api_key: sk\n  model: \"\"\n"},
		{"zero timeout", map[string]string{"SOCIAL_TRANSLATE_TIMEOUT": "0s"}, "translate.timeout", ""},
		{"huge timeout", map[string]string{"SOCIAL_TRANSLATE_TIMEOUT": "1h"}, "translate.timeout", ""},
		{"bad feed url", map[string]string{"SOCIAL_TRENDING_FEED_URL": "rss.applemarketingtools.com"}, "trending.feed_url", ""},
		{"empty lookup url", nil, "trending.lookup_url: must not be empty", "trending:\n  lookup_url: \"\"\n"},
		{"bad country", map[string]string{"SOCIAL_TRENDING_COUNTRY": "BRA"}, "trending.country", ""},
		{"bad limit", map[string]string{"SOCIAL_TRENDING_LIMIT": "20"}, "trending.limit", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			file := ""
			if c.file != "" {
				file = writeFile(t, c.file)
			}
			_, err := config.Load(file)
			if err == nil || !strings.Contains(err.Error(), c.wantKey) {
				t.Fatalf("err = %v, want it to name %q", err, c.wantKey)
			}
		})
	}
}

func TestValidProviderConfigsLoad(t *testing.T) {
	cases := map[string]map[string]string{
		"libretranslate without key": {"SOCIAL_TRANSLATE_PROVIDER": "libretranslate", "SOCIAL_TRANSLATE_URL": "http://127.0.0.1:5000"},
		"deepl with default url":     {"SOCIAL_TRANSLATE_PROVIDER": "deepl", "SOCIAL_TRANSLATE_API_KEY": "k:fx"},
		"local openai-compatible":    {"SOCIAL_TRANSLATE_PROVIDER": "openai", "SOCIAL_TRANSLATE_URL": "http://127.0.0.1:11434"},
		"trending elsewhere":         {"SOCIAL_TRENDING_COUNTRY": "pt", "SOCIAL_TRENDING_LIMIT": "25"},
	}
	for name, env := range cases {
		t.Run(name, func(t *testing.T) {
			for k, v := range env {
				t.Setenv(k, v)
			}
			if _, err := config.Load(""); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestPrintMasksTheTranslationKey(t *testing.T) {
	checkPrintMasks(t, map[string]string{
		"SOCIAL_TRANSLATE_PROVIDER": "deepl",
		"SOCIAL_TRANSLATE_API_KEY":  "deepl-secret-key:fx",
	},
		[]string{"deepl-secret-key"},
		[]string{"translate:\n", `  api_key: "********"`, `  provider: "deepl"`, "trending:\n", `  country: "br"`})
}
