package realtime

import (
	"log/slog"

	"go.uber.org/fx"

	httpadapter "social/adapters/http"
	"social/adapters/http/auth"
	"social/core/ports"
	"social/internal/config"
	"social/plugins/plugin"
)

// Path is where the gateway is mounted.
const Path = "/api/v1/realtime"

// Module provides the in-process bus, the Broadcaster (also as
// ports.Broadcaster), the topic router over every contributed topic and
// the gateway, mounted at Path. Its stop hook runs before the HTTP
// server's: sockets get 1001 while the server still runs.
var Module = fx.Module("realtime",
	fx.Provide(
		fx.Annotate(NewMemoryBus, fx.As(new(Bus))),
		fx.Annotate(NewBroadcaster, fx.As(new(ports.Broadcaster)), fx.As(fx.Self())),
		newRouter,
		// The same check the auth middleware runs on bearer headers.
		func(a *auth.Authenticator) TokenViewer { return a },
		func(bus Bus, r *Router, tv TokenViewer, cfg *config.Config, l *slog.Logger) (*Gateway, error) {
			return NewGateway(bus, r, tv, cfg.HTTP.PublicURL, LimitsFrom(cfg.Realtime), l)
		},
		httpadapter.AsMount(func(g *Gateway) httpadapter.Mount {
			return httpadapter.Mount{Pattern: Path, Handler: g}
		}),
	),
	// Depending on the server makes this hook start after the server's,
	// hence stop before it.
	fx.Invoke(func(lc fx.Lifecycle, g *Gateway, _ *httpadapter.Server) {
		lc.Append(fx.Hook{OnStop: g.Shutdown})
	}),
)

type routerParams struct {
	fx.In
	Topics []plugin.Topic `group:"realtime_topics"`
	Posts  PostVisibility `optional:"true"`
}

func newRouter(p routerParams) (*Router, error) { return NewRouter(p.Topics, p.Posts) }
