package federation

import (
	_ "embed"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"social/config"
	"social/core/domain"
	"social/kit/plugin"
	"social/plugins/federation/app"
	"social/plugins/federation/httpapi"
)

// Config is the plugin's part of the configuration: the section
// "federation", documented in config.yaml.
type Config struct {
	Federation Settings `mapstructure:"federation"`
}

// Settings tune federation.
type Settings struct {
	Domain            string   `mapstructure:"domain"`
	AllowLoopbackHTTP bool     `mapstructure:"allow_loopback_http"`
	OpenRegistrations bool     `mapstructure:"open_registrations"`
	Delivery          Delivery `mapstructure:"delivery"`
	Inbox             Inbox    `mapstructure:"inbox"`
	Media             Media    `mapstructure:"media"`
}

// Media tunes the copies of other servers' pictures and videos.
type Media struct {
	MaxBytes  int64         `mapstructure:"max_bytes"`
	Timeout   time.Duration `mapstructure:"timeout"`
	CacheDays int           `mapstructure:"cache_days"`
}

// Delivery tunes the sending of activities to other servers' inboxes.
type Delivery struct {
	Workers          int           `mapstructure:"workers"`
	PerHost          int           `mapstructure:"per_host"`
	Timeout          time.Duration `mapstructure:"timeout"`
	UnreachableAfter time.Duration `mapstructure:"unreachable_after"`
}

// Inbox tunes the receiving of activities from other servers.
type Inbox struct {
	PerHostPerMinute int           `mapstructure:"per_host_per_minute"`
	PerSecond        int           `mapstructure:"per_second"`
	Workers          int           `mapstructure:"workers"`
	Concurrency      int           `mapstructure:"concurrency"`
	Wait             time.Duration `mapstructure:"wait"`
}

//go:embed config.yaml
var defaults []byte

var settings = plugin.NewSettings(defaults, validate)

func validate(c *Config, bad plugin.Bad) {
	d := c.Federation.Delivery
	if d.Workers < 1 || d.Workers > 100 {
		bad("federation.delivery.workers", "must be between 1 and 100, not %d", d.Workers)
	}
	if d.PerHost < 1 || d.PerHost > d.Workers {
		bad("federation.delivery.per_host", "must be between 1 and federation.delivery.workers, not %d", d.PerHost)
	}
	if d.Timeout < time.Second || d.Timeout > time.Minute {
		bad("federation.delivery.timeout", "must be between 1s and 1m, not %s", d.Timeout)
	}
	if d.UnreachableAfter < time.Hour {
		bad("federation.delivery.unreachable_after", "must be at least 1h, not %s", d.UnreachableAfter)
	}
	if in := c.Federation.Inbox; in.PerHostPerMinute < 1 {
		bad("federation.inbox.per_host_per_minute", "must be at least 1, not %d", in.PerHostPerMinute)
	}
	if in := c.Federation.Inbox; in.PerSecond < 1 || in.PerSecond > 100_000 {
		bad("federation.inbox.per_second", "must be between 1 and 100000, not %d", in.PerSecond)
	}
	if in := c.Federation.Inbox; in.Concurrency < 1 || in.Concurrency > 256 {
		bad("federation.inbox.concurrency", "must be between 1 and 256, not %d", in.Concurrency)
	}
	if in := c.Federation.Inbox; in.Wait < 0 || in.Wait > 10*time.Second {
		bad("federation.inbox.wait", "must be between 0s and 10s, not %s", in.Wait)
	}
	if in := c.Federation.Inbox; in.Workers < 1 || in.Workers > 100 {
		bad("federation.inbox.workers", "must be between 1 and 100, not %d", in.Workers)
	}
	if m := c.Federation.Media; m.MaxBytes < 1<<10 || m.MaxBytes > domain.MaxPostVideoBytes {
		bad("federation.media.max_bytes", "must be between 1024 and %d, not %d", domain.MaxPostVideoBytes, m.MaxBytes)
	}
	if m := c.Federation.Media; m.Timeout < time.Second || m.Timeout > 5*time.Minute {
		bad("federation.media.timeout", "must be between 1s and 5m, not %s", m.Timeout)
	}
	if m := c.Federation.Media; m.CacheDays < 1 {
		bad("federation.media.cache_days", "must be at least 1, not %d", m.CacheDays)
	}
	if d := c.Federation.Domain; d != "" {
		if u, err := url.Parse("https://" + d); err != nil || u.Host != d || u.Hostname() == "" || strings.ContainsAny(d, "/@?#") {
			bad("federation.domain", "must be a host name with an optional port (social.example), not %q", d)
		}
	}
}

// newSite checks that the network can federate from where it is served
// and says where that is. Other servers trust only https: plain http is
// allowed for a loopback host when the configuration asks for it, outside
// production.
func newSite(cfg *config.Config) (httpapi.Site, error) {
	s, err := config.PluginSettings[Config](cfg, Name)
	if err != nil {
		return httpapi.Site{}, err
	}
	u, err := url.Parse(strings.TrimRight(cfg.HTTP.PublicURL, "/"))
	if err != nil {
		return httpapi.Site{}, fmt.Errorf("federation: http.public_url: %w", err)
	}
	if u.Path != "" || u.RawQuery != "" {
		return httpapi.Site{}, errors.New("federation: http.public_url must be the site's root (no path): actors live at its top")
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme != "http" || !s.Federation.AllowLoopbackHTTP:
		return httpapi.Site{}, errors.New("federation: http.public_url must be https (plain http only for a loopback host, with federation.allow_loopback_http)")
	case cfg.Mode == config.ModeProduction:
		return httpapi.Site{}, errors.New("federation: federation.allow_loopback_http is refused in production mode")
	case !app.IsLoopback(u.Hostname()):
		return httpapi.Site{}, fmt.Errorf("federation: plain http is allowed for a loopback host only, not %s", u.Hostname())
	}
	domain := s.Federation.Domain
	if domain == "" {
		domain = u.Host
	}
	return httpapi.Site{Base: u.Scheme + "://" + strings.ToLower(u.Host), Domain: strings.ToLower(domain),
		OpenRegistrations: s.Federation.OpenRegistrations, Version: config.Version}, nil
}
