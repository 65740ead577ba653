package stories

import (
	_ "embed"
	"time"

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

func validate(c *Config, bad plugin.Bad) {
	if c.Stories.ExpireEvery < time.Second {
		bad("stories.expire_every", "must be at least 1s")
	}
}
