package config

import (
	"regexp"
	"slices"
	"time"
)

// Translate chooses the provider behind the posts' "Traduzir" button.
type Translate struct {
	Provider string        `mapstructure:"provider"`
	URL      string        `mapstructure:"url"`
	APIKey   string        `mapstructure:"api_key"`
	Model    string        `mapstructure:"model"`
	Timeout  time.Duration `mapstructure:"timeout"`
}

// Trending locates Apple's top-songs feed and the iTunes lookup that adds
// preview clips.
type Trending struct {
	FeedURL   string `mapstructure:"feed_url"`
	LookupURL string `mapstructure:"lookup_url"`
	Country   string `mapstructure:"country"`
	Limit     int    `mapstructure:"limit"`
}

// Translation providers translate.provider accepts.
const (
	TranslateNone           = "none"
	TranslateLibreTranslate = "libretranslate"
	TranslateDeepL          = "deepl"
	TranslateOpenAI         = "openai"
)

// trendingLimits are the sizes Apple's feed serves.
var trendingLimits = []int{10, 25, 50, 100}

var countryCode = regexp.MustCompile(`^[a-z]{2}$`)

// validateProviders checks the translate and trending keys, naming each key
// at fault.
func (c *Config) validateProviders(bad func(key, format string, args ...any), oneOf func(key, value string, allowed ...string)) {
	t := c.Translate
	oneOf("translate.provider", t.Provider, TranslateNone, TranslateLibreTranslate, TranslateDeepL, TranslateOpenAI)
	if t.URL != "" {
		if err := CheckURL(t.URL, "http", "https"); err != nil {
			bad("translate.url", "%v", err)
		}
	}
	switch t.Provider {
	case TranslateLibreTranslate:
		if t.URL == "" {
			bad("translate.url", "is required when translate.provider is libretranslate")
		}
	case TranslateDeepL:
		if t.APIKey == "" {
			bad("translate.api_key", "is required when translate.provider is deepl (set SOCIAL_TRANSLATE_API_KEY)")
		}
	case TranslateOpenAI:
		if t.Model == "" {
			bad("translate.model", "is required when translate.provider is openai")
		}
		// A local OpenAI-compatible server may need no key; OpenAI itself does.
		if t.APIKey == "" && t.URL == "" {
			bad("translate.api_key", "is required when translate.provider is openai with OpenAI's own URL (set SOCIAL_TRANSLATE_API_KEY)")
		}
	}
	if t.Timeout <= 0 || t.Timeout > 2*time.Minute {
		bad("translate.timeout", "%v is outside 1ns..2m", t.Timeout)
	}

	tr := c.Trending
	if err := CheckURL(tr.FeedURL, "http", "https"); err != nil {
		bad("trending.feed_url", "%v", err)
	}
	if err := CheckURL(tr.LookupURL, "http", "https"); err != nil {
		bad("trending.lookup_url", "%v", err)
	}
	if !countryCode.MatchString(tr.Country) {
		bad("trending.country", "%q is not a lower-case two-letter country code (e.g. br)", tr.Country)
	}
	if !slices.Contains(trendingLimits, tr.Limit) {
		bad("trending.limit", "%d is not one of 10, 25, 50 or 100 (the sizes the feed serves)", tr.Limit)
	}
}
