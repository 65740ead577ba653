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
			func(p authenticatorParams) (*Authenticator, error) {
				a, err := NewAuthenticator(p.Config, p.Tokens, p.Sessions, p.Cache, p.Logger)
				if err == nil && p.Apps != nil {
					a.AcceptAppTokens(p.Apps)
				}
				return a, err
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

type authenticatorParams struct {
	fx.In
	Config   *config.Config
	Tokens   *Tokens
	Sessions ports.SessionChecker
	Cache    *SessionCache
	Logger   *slog.Logger
	Apps     ports.AppTokenChecker `optional:"true"` // the accounts feature's OAuth store
}
