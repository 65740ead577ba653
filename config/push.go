package config

import (
	"crypto/ecdh"
	"encoding/base64"
	"net/netip"
	"net/url"
	"strings"
	"time"
)

// Push is Web Push: notifications that reach a member's closed app
// through their browser's push service.
type Push struct {
	Enabled bool `mapstructure:"enabled"`
	// VAPIDPrivateKey is the server's P-256 key (RFC 8292), the 32-byte
	// scalar in URL-safe base64. Empty: one is made on first start and
	// kept in the database (refused in production, where it must be
	// configured so that losing the database does not unsubscribe every
	// device).
	VAPIDPrivateKey string `mapstructure:"vapid_private_key"`
	// Subject is the contact push services may use (mailto: or https:).
	Subject string `mapstructure:"subject"`
	// TTL is how long a push service keeps a message for an offline device.
	TTL time.Duration `mapstructure:"ttl"`
	// CollapseWindow: within it, one device gets at most one push per
	// topic (the likes of one post, one conversation's messages).
	CollapseWindow time.Duration `mapstructure:"collapse_window"`
	// PerMemberPerMinute caps the pushes a member's devices get in a minute.
	PerMemberPerMinute int `mapstructure:"per_member_per_minute"`
	// Workers is how many pushes a node sends at once, in a job queue of
	// their own ("push"): a burst of pushes never waits behind link
	// previews or mail, nor holds them up.
	Workers int `mapstructure:"workers"`
	// LocalServices are push services on this machine or network ("ip:port"),
	// which the push client otherwise refuses as it refuses every private
	// address a device could name: a development push service, or a test's.
	// Refused in production.
	LocalServices []string `mapstructure:"local_services"`
}

// VAPIDKey decodes push.vapid_private_key (nil when empty).
func (p Push) VAPIDKey() (*ecdh.PrivateKey, error) {
	if p.VAPIDPrivateKey == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(p.VAPIDPrivateKey, "="))
	if err != nil {
		return nil, err
	}
	return ecdh.P256().NewPrivateKey(raw)
}

func (c *Config) validatePush(bad func(key, format string, args ...any)) {
	p := c.Push
	if _, err := p.VAPIDKey(); err != nil {
		bad("push.vapid_private_key", "is not a P-256 private key in URL-safe base64 (32 bytes): %v", err)
	}
	if !p.Enabled {
		return
	}
	if c.Mode == ModeProduction && p.VAPIDPrivateKey == "" {
		bad("push.vapid_private_key", "is required in production when push.enabled, the same on every node (set SOCIAL_PUSH_VAPID_PRIVATE_KEY; `social push-keys` makes one)")
	}
	if u, err := url.Parse(p.Subject); err != nil || (u.Scheme != "mailto" && u.Scheme != "https") || (u.Opaque == "" && u.Host == "") {
		bad("push.subject", "must be a mailto: or https: URI (RFC 8292 section 2.1)")
	}
	if p.TTL < time.Second || p.TTL > 28*24*time.Hour {
		bad("push.ttl", "%v is outside 1s..672h", p.TTL)
	}
	if p.CollapseWindow < 0 || p.CollapseWindow > time.Hour {
		bad("push.collapse_window", "%v is outside 0..1h", p.CollapseWindow)
	}
	if p.Workers < 1 {
		bad("push.workers", "must be at least 1")
	}
	if p.PerMemberPerMinute <= 0 {
		bad("push.per_member_per_minute", "must be positive")
	}
	if len(p.LocalServices) > 0 && c.Mode == ModeProduction {
		bad("push.local_services", "is for development and tests: a device could make the server post to these addresses")
	}
	for _, a := range p.LocalServices {
		if _, err := netip.ParseAddrPort(a); err != nil {
			bad("push.local_services", "%q is not an ip:port address", a)
		}
	}
}
