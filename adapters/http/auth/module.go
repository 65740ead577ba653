package auth

import (
	"log/slog"
	"net/http"

	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
)

// Module provides the access tokens (also as ports.AccessTokens), the
// session cache, the Authenticator, and wraps the server's root
// handler in the Authenticator's middleware, outermost, so that every
// handler (Huma operations, media, the job dashboard) sees the viewer.
var Module = fx.Options(
	fx.Module("auth",
		fx.Provide(
			fx.Annotate(NewTokens, fx.As(new(ports.AccessTokens)), fx.As(fx.Self())),
			provideSessionCache,
			func(cfg *config.Config, t *Tokens, s ports.SessionChecker, c *SessionCache, l *slog.Logger) (*Authenticator, error) {
				return NewAuthenticator(cfg, t, s, c, l)
			},
		),
	),
	fx.Decorate(func(h http.Handler, a *Authenticator) http.Handler { return a.Middleware(h) }),
	// A use case that ends sessions or changes access forgets the member's
	// cached sessions on this node before its notice goes out.
	fx.Decorate(func(e ports.SessionEnds, c *SessionCache) ports.SessionEnds {
		return forgettingSessionEnds{SessionEnds: e, cache: c}
	}),
	fx.Decorate(func(a ports.AccessChanges, c *SessionCache) ports.AccessChanges {
		return forgettingAccessChanges{AccessChanges: a, cache: c}
	}),
)
