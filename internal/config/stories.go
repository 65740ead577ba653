package config

import "time"

// Stories tunes the stories plugin.
type Stories struct {
	ExpireEvery time.Duration `mapstructure:"expire_every"`
}

func (c *Config) validateStories(bad func(key, format string, args ...any)) {
	if c.Stories.ExpireEvery < time.Second {
		bad("stories.expire_every", "must be at least 1s")
	}
}
