package auth

import (
	"log/slog"
	"net/http"

	"go.uber.org/fx"

	"social/core/ports"
	"social/internal/config"
)

// Module provides the access tokens (also as ports.AccessTokens), the
// Authenticator, and wraps the server's root
// handler in the Authenticator's middleware, outermost, so that every
// handler (Huma operations, media, the job dashboard) sees the viewer.
var Module = fx.Options(
	fx.Module("auth",
		fx.Provide(
			fx.Annotate(NewTokens, fx.As(new(ports.AccessTokens)), fx.As(fx.Self())),
			func(cfg *config.Config, t *Tokens, s ports.SessionChecker, l *slog.Logger) (*Authenticator, error) {
				return NewAuthenticator(cfg, t, s, l)
			},
		),
	),
	fx.Decorate(func(h http.Handler, a *Authenticator) http.Handler { return a.Middleware(h) }),
)
