package stories

import (
	_ "embed"
	"time"

	"social/internal/config"
	"social/kit/plugin"
)

// Config is the plugin's part of the configuration: the section "stories",
// documented in config.yaml.
type Config struct {
	Stories Settings `mapstructure:"stories"`
}

// Settings tunes the stories plugin.
type Settings struct {
	ExpireEvery time.Duration `mapstructure:"expire_every"`
}

//go:embed config.yaml
var defaults []byte

var settings = plugin.NewSettings(defaults, validate)

// loadConfig hands the module its settings, decoded and checked when the
// configuration loaded.
func loadConfig(cfg *config.Config) (*Config, error) {
	return config.PluginSettings[Config](cfg, Name)
}

// ConfigOf is the plugin's part of cfg (loaded with the plugin list); a
// test adjusts it before starting the app.
func ConfigOf(cfg *config.Config) *Config {
	c, err := loadConfig(cfg)
	if err != nil {
		panic(err)
	}
	return c
}

func validate(c *Config, bad plugin.Bad) {
	if c.Stories.ExpireEvery < time.Second {
		bad("stories.expire_every", "must be at least 1s")
	}
}
