// Package federation is the ActivityPub plugin: the network's members as
// the rest of the social web (Mastodon, GoToSocial, Misskey, Pixelfed...)
// finds and reads them. This part is discovery and what servers fetch:
// WebFinger, host-meta, NodeInfo, each member's actor with their signing
// key, their followers, following and public posts. It is off unless
// plugins.federation.enabled is true: turning it on publishes the
// members' profiles and public posts to anyone who asks.
package federation

import (
	"go.uber.org/fx"

	"social/core/ports"
	"social/kit/plugin"
	"social/plugins/federation/app"
	"social/plugins/federation/httpapi"
	"social/plugins/federation/keys"
	"social/plugins/federation/migrations"
	"social/plugins/federation/pgstore"
)

// Name is the plugin's config switch (plugins.federation.enabled), off
// by default (configs/default.yaml).
const Name = "federation"

// Plugin is the entry of plugins/all.go.
var Plugin = plugin.New(Name, migrations.Files, settings,
	plugin.Private(
		newSite,
		pgstore.New,
		func() app.KeyMaker { return keys.RSA{} },
		func(s *pgstore.Store) *app.FindMember { return &app.FindMember{Members: s} },
		func(s *pgstore.Store, maker app.KeyMaker, clock ports.Clock) *app.MemberKey {
			return &app.MemberKey{Keys: s, Maker: maker, Clock: clock}
		},
		func(s *pgstore.Store, clock ports.Clock) *app.NodeUsage {
			return &app.NodeUsage{Figures: s, Clock: clock}
		},
	),
	fx.Provide(
		// The operator's command (social federation rotate-key) runs it.
		func(find *app.FindMember, s *pgstore.Store, maker app.KeyMaker, clock ports.Clock) *app.RotateKey {
			return &app.RotateKey{Find: find, Keys: s, Maker: maker, Clock: clock}
		},
		fx.Annotate(httpapi.Mounts, fx.ResultTags(`group:"http_mounts,flatten"`)),
	),
)
