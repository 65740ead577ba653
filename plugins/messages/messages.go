// Package messages is the direct messages plugin: one conversation per pair
// of members, text messages, per-participant read markers and unread
// counts, live delivery on each member's realtime topic messages:{id}, a
// member's setting to take messages only from members they follow, and
// the admin resource "conversations" (participants and counts, no texts).
package messages

import (
	"log/slog"

	"go.uber.org/fx"

	"social/core/ports"
	push "social/features/push/app"
	safety "social/features/safety/app"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins/messages/app"
	"social/plugins/messages/httpapi"
	"social/plugins/messages/migrations"
	"social/plugins/messages/pgstore"
)

// Name prefixes the plugin's routes, operations and config switch.
const Name = "messages"

// Plugin is the entry of plugins/all.go: the use cases wired to the store
// and everything the plugin contributes.
var Plugin = plugin.New(Name, migrations.Files, nil,
	plugin.Private(
		pgstore.New,
		newMessages,
	),
	fx.Provide(
		plugin.AsRoutes(newRoutes),
		plugin.AsMemberData(plugin.StoreMemberData[*pgstore.Store](Name)),
		plugin.AsTopic(func() plugin.Topic { return plugin.MemberTopic(Name, app.TopicPrefix) }),
		plugin.AsAdminResource(httpapi.NewAdminResource),
		plugin.AsDemoSeeder(newDemoSeeder),
	),
)

type messagesParams struct {
	fx.In
	Store       *pgstore.Store
	Tx          ports.Transactor
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Limiter     ports.RateLimiter
	Log         *slog.Logger
	Safety      safety.Relations `optional:"true"`
	Pushes      *push.Fanout     `optional:"true"`
}

func newMessages(p messagesParams) *app.Messages {
	m := &app.Messages{Tx: p.Tx, Store: p.Store, Clock: p.Clock, Broadcaster: p.Broadcaster, Limiter: p.Limiter, Safety: p.Safety,
		Log: p.Log.With("plugin", Name)}
	if p.Pushes != nil {
		m.Pushes = p.Pushes
	}
	return m
}

func newRoutes(m *app.Messages, media httpkit.MediaLinks) plugin.Routes {
	return httpapi.NewRoutes(httpapi.UseCases{
		List:     &app.ListConversations{Messages: m},
		Start:    &app.StartConversation{Messages: m},
		Get:      &app.GetConversation{Messages: m},
		Messages: &app.ListMessages{Messages: m},
		Send:     &app.SendMessage{Messages: m},
		Read:     &app.MarkRead{Messages: m},
		Unread:   &app.UnreadCount{Messages: m},
		Settings: &app.GetSettings{Messages: m},
		Update:   &app.UpdateSettings{Messages: m},
	}, media)
}
