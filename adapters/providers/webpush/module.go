// Package webpush delivers push messages to members' devices through their
// browsers' push services: the Web Push protocol (RFC 8030), message
// encryption (RFC 8291 over RFC 8188's aes128gcm) and VAPID (RFC 8292),
// written here against the RFCs.
package webpush

import (
	"time"

	"go.uber.org/fx"

	"social/adapters/providers/safefetch"
	"social/config"
	"social/core/ports"
)

// pushTimeout bounds one delivery: a push service answers at once (it
// queues the message), so a slow one is as good as down.
const pushTimeout = 10 * time.Second

// Module provides the ports.PushSender, on an SSRF-safe client of its own:
// a device names the address the server posts to. Only the push services
// of push.local_services (never in production) may be private.
var Module = fx.Module("webpush", fx.Provide(func(cfg *config.Config) ports.PushSender {
	return New(safefetch.New(safefetch.Options{Timeout: pushTimeout, MaxBytes: 64 << 10,
		UserAgent: "social-webpush/1.0", MaxRedirects: -1, AllowedTestAddrs: cfg.Push.LocalServices}))
}))
