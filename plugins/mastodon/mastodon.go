// Package mastodon is the Mastodon client API plugin: the server as
// Mastodon's apps (Tusky, Ivory, Elk, Phanpy, megalodon and masto clients)
// expect one, a translation of Mastodon's requests and entities onto the
// core features' use cases. Apps sign in through OAuth (the accounts
// feature); every rule is the use cases' own.
package mastodon

import (
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	notifications "social/features/notifications/app"
	pushapp "social/features/push/app"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/mastodon/app"
	"social/plugins/mastodon/httpapi"
	"social/plugins/mastodon/migrations"
	"social/plugins/mastodon/pgstore"
)

// Name is the plugin's config switch (plugins.mastodon.enabled).
const Name = "mastodon"

// groupEndpoints gathers the endpoints of each part of the API.
const groupEndpoints = `group:"mastodon_endpoints,flatten"`

// Plugin is the entry of plugins/all.go.
var Plugin = plugin.New(Name, migrations.Files, nil,
	plugin.Private(
		func(cfg *config.Config) httpapi.Base { return httpapi.NewBase(cfg.HTTP.PublicURL) },
		newInstanceConfig,
		pgstore.New,
		func(s *pgstore.Store) *app.GetMarkers { return &app.GetMarkers{Store: s} },
		func(s *pgstore.Store, tx ports.Transactor, clock ports.Clock) *app.SaveMarkers {
			return &app.SaveMarkers{Store: s, Tx: tx, Clock: clock}
		},
		httpapi.NewStatuses,
		asEndpoints(httpapi.AccountEndpoints),
		asEndpoints(httpapi.StatusEndpoints),
		asEndpoints(httpapi.MediaEndpoints),
		asEndpoints(httpapi.InstanceEndpoints),
		asEndpoints(httpapi.MiscEndpoints),
		asEndpoints(httpapi.TimelineEndpoints),
		asEndpoints(httpapi.NotificationEndpoints),
		asEndpoints(httpapi.MarkerEndpoints),
		asEndpoints(httpapi.FilterEndpoints),
		asEndpoints(httpapi.RelationshipEndpoints),
		asEndpoints(httpapi.SearchEndpoints),
	),
	// Apps open pictures from elsewhere: every link the plugin answers is
	// absolute.
	fx.Decorate(func(m httpkit.MediaLinks, cfg *config.Config) httpkit.MediaLinks {
		return m.WithOrigin(cfg.HTTP.PublicURL)
	}),
	fx.Provide(
		newCatalog,
		fx.Annotate(newMounts, fx.ResultTags(`group:"http_mounts,flatten"`)),
		plugin.AsDialect(newStreaming),
	),
)

// newInstanceConfig: the contact is the mail sender's address; the VAPID
// key is shown when Web Push is on.
func newInstanceConfig(cfg *config.Config, keys *pushapp.Keys) httpapi.InstanceConfig {
	if !cfg.Push.Enabled {
		return httpapi.NewInstanceConfig(cfg.Mail.From, nil)
	}
	return httpapi.NewInstanceConfig(cfg.Mail.From, keys)
}

// asEndpoints contributes a part's endpoints.
func asEndpoints(constructor any) any {
	return fx.Annotate(constructor, fx.ResultTags(groupEndpoints))
}

type catalogParams struct {
	fx.In
	Endpoints []httpapi.Endpoint `group:"mastodon_endpoints"`
}

// newCatalog lists every endpoint, for the mounts and for the tests that
// walk them all.
func newCatalog(p catalogParams) httpapi.Catalog { return httpapi.Catalog{Endpoints: p.Endpoints} }

func newMounts(c httpapi.Catalog, base httpapi.Base, once httpkit.Idempotency) []httpkit.Mount {
	mounts := make([]httpkit.Mount, len(c.Endpoints))
	for i, e := range c.Endpoints {
		mounts[i] = httpkit.Mount{Pattern: e.Pattern(), Handler: httpapi.Handler(base, e, once), OtherSites: true}
	}
	return append(mounts, httpkit.Mount{Pattern: "GET " + httpapi.StreamingPath + "/health", Handler: httpapi.HealthHandler(), OtherSites: true})
}

// newStreaming is Mastodon's streaming API, a dialect of the realtime
// gateway (which serves httpapi.StreamingPath).
func newStreaming(statuses httpapi.Statuses, nuc notifications.UseCases) plugin.Dialect {
	return httpapi.Streaming{Base: statuses.Base, Posts: statuses.Posts.Get, Media: statuses.Media,
		Notifications: httpapi.StreamedNotifications(statuses, nuc)}.Dialect()
}
