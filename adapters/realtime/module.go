package realtime

import (
	"context"
	"fmt"
	"log/slog"

	"go.uber.org/fx"

	"social/adapters/http/auth"
	"social/config"
	"social/core/ports"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// Path is where the gateway is mounted.
const Path = "/api/v1/realtime"

// Module provides the bus realtime.bus names, the Broadcaster (also as
// ports.Broadcaster), the topic router over every contributed topic and
// the gateway, mounted at Path, which hears AccessNotices when the app
// provides them. Its stop hook runs before the HTTP
// server's: sockets get 1001 while the server still runs.
var Module = fx.Module("realtime",
	fx.Provide(
		ProvideBus,
		httpkit.AsReadyCheck(func(bus Bus) httpkit.ReadyCheck {
			check := func(context.Context) error { return nil }
			if nb, ok := bus.(*NATSBus); ok {
				check = nb.Ready
			}
			return httpkit.ReadyCheck{Name: "realtime", Check: check}
		}),
		fx.Annotate(func(p broadcasterParams) *Broadcaster {
			if p.Committed == nil {
				return NewBroadcaster(p.Bus)
			}
			return NewCommittedBroadcaster(p.Bus, p.Committed, p.Logger)
		}, fx.As(new(ports.Broadcaster)), fx.As(fx.Self())),
		newRouter,
		// The same check the auth middleware runs on bearer headers.
		func(a *auth.Authenticator) TokenViewer { return a },
		func(p gatewayParams) (*Gateway, error) {
			g, err := NewGateway(p.Bus, p.Notices, p.Router, p.Tokens, p.Config.HTTP.PublicURL, LimitsFrom(p.Config.Realtime), p.Logger)
			if err == nil && p.Hidden != nil {
				g.HideWith(p.Hidden)
			}
			return g, err
		},
		httpkit.AsMount(func(g *Gateway) httpkit.Mount {
			return httpkit.Mount{Pattern: Path, Handler: g}
		}),
		// The dialects' paths (Mastodon's /api/v1/streaming).
		fx.Annotate(func(p dialectParams) []httpkit.Mount { return p.Gateway.Speak(p.Dialects) },
			fx.ResultTags(`group:"http_mounts,flatten"`)),
	),
	// Depending on the built server (httpkit.Serving) makes this hook start
	// after the server's, hence stop before it.
	fx.Invoke(func(lc fx.Lifecycle, g *Gateway, _ httpkit.Serving) {
		lc.Append(fx.Hook{OnStop: g.Shutdown})
	}),
)

// ProvideBus builds the bus realtime.bus names: the in-process one, or NATS
// (connected in the start hook, closed in the stop hook). The bus is built
// before the HTTP server and the job client, whose requests and jobs
// publish, so its start hook runs before theirs and its stop hook after.
func ProvideBus(lc fx.Lifecycle, cfg *config.Config, logger *slog.Logger) (Bus, error) {
	switch cfg.Realtime.Bus {
	case "memory":
		return NewMemoryBus(), nil
	case "nats":
		b := NewNATSBus(cfg.Realtime.NATS.URL, logger)
		lc.Append(fx.Hook{OnStart: b.Start, OnStop: b.Stop})
		return b, nil
	}
	return nil, fmt.Errorf("realtime.bus: unknown value %q", cfg.Realtime.Bus)
}

// broadcasterParams: with the database's units of work (every app has
// them), an event told inside one waits for its commit.
type broadcasterParams struct {
	fx.In
	Bus       Bus
	Committed ports.AfterCommit `optional:"true"`
	Logger    *slog.Logger
}

type gatewayParams struct {
	fx.In
	Bus     Bus
	Notices AccessNotices       `optional:"true"`
	Hidden  ports.HiddenMembers `optional:"true"`
	Router  *Router
	Tokens  TokenViewer
	Config  *config.Config
	Logger  *slog.Logger
}

type dialectParams struct {
	fx.In
	Gateway  *Gateway
	Dialects []plugin.Dialect `group:"realtime_dialects"`
}

type routerParams struct {
	fx.In
	Topics []plugin.Topic        `group:"realtime_topics"`
	Posts  plugin.PostVisibility `optional:"true"`
}

func newRouter(p routerParams) (*Router, error) { return NewRouter(p.Topics, p.Posts) }
