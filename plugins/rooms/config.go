package rooms

import (
	_ "embed"
	"net/url"
	"time"

	"social/config"
	"social/kit/plugin"
)

// Config is the plugin's part of the configuration: the sections "rooms"
// and "radio", documented in config.yaml.
type Config struct {
	Rooms Settings `mapstructure:"rooms"`
	Radio Radio    `mapstructure:"radio"`
}

// Settings tunes the rooms' presence, sweep and tracks.
type Settings struct {
	PresenceGrace   time.Duration `mapstructure:"presence_grace"`
	PresenceRefresh time.Duration `mapstructure:"presence_refresh"`
	PresenceStale   time.Duration `mapstructure:"presence_stale"`
	IdleAfter       time.Duration `mapstructure:"idle_after"`
	SweepEvery      time.Duration `mapstructure:"sweep_every"`
	// StreamHosts may serve a room's explicit track besides the server.
	StreamHosts []string `mapstructure:"stream_hosts"`
}

// Radio locates the radio-browser directory behind the station picker.
type Radio struct {
	Mirrors   []string      `mapstructure:"mirrors"`
	Limit     int           `mapstructure:"limit"`
	Timeout   time.Duration `mapstructure:"timeout"`
	CacheTTL  time.Duration `mapstructure:"cache_ttl"`
	UserAgent string        `mapstructure:"user_agent"`
}

//go:embed config.yaml
var defaults []byte

var settings = plugin.NewSettings(defaults, validate)

// ConfigOf is the plugin's part of cfg (loaded with the plugin list); a
// test adjusts it before starting the app.
func ConfigOf(cfg *config.Config) *Config {
	c, err := config.PluginSettings[Config](cfg, Name)
	if err != nil {
		panic(err)
	}
	return c
}

func validate(c *Config, bad plugin.Bad) {
	r := c.Radio
	if len(r.Mirrors) == 0 {
		bad("radio.mirrors", "needs at least one base address")
	}
	for _, m := range r.Mirrors {
		if err := config.CheckURL(m, "http", "https"); err != nil {
			bad("radio.mirrors", "%q: %v", m, err)
		}
	}
	if r.Limit < 1 || r.Limit > 500 {
		bad("radio.limit", "%d is outside 1..500", r.Limit)
	}
	if r.Timeout <= 0 || r.Timeout > time.Minute {
		bad("radio.timeout", "%v is outside 1ns..1m", r.Timeout)
	}
	if r.CacheTTL < 0 || r.CacheTTL > 24*time.Hour {
		bad("radio.cache_ttl", "%v is outside 0..24h", r.CacheTTL)
	}
	if r.UserAgent == "" {
		bad("radio.user_agent", "must not be empty (the directory asks for a descriptive one)")
	}
	m := c.Rooms
	if m.PresenceGrace < 0 || m.PresenceGrace > 10*time.Minute {
		bad("rooms.presence_grace", "%v is outside 0..10m", m.PresenceGrace)
	}
	if m.PresenceRefresh <= 0 {
		bad("rooms.presence_refresh", "must be positive")
	}
	if m.PresenceStale <= 2*m.PresenceRefresh {
		bad("rooms.presence_stale", "%v must exceed twice rooms.presence_refresh (%v)", m.PresenceStale, m.PresenceRefresh)
	}
	if m.IdleAfter <= 0 {
		bad("rooms.idle_after", "must be positive")
	}
	if m.SweepEvery < time.Second {
		bad("rooms.sweep_every", "must be at least 1s")
	}
	for _, h := range m.StreamHosts {
		if u, err := url.Parse("//" + h); err != nil || h == "" || u.Host != h || u.User != nil {
			bad("rooms.stream_hosts", "%q is not a host name (with an optional :port)", h)
		}
	}
}
