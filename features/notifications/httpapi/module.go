// Package notificationsapi serves a member's notifications and wires the
// Recorder and Announcer the features that cause notifications call.
package httpapi

import (
	"log/slog"

	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/core/ports"
	notifications "social/features/notifications/app"
	notificationsstore "social/features/notifications/pgstore"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// Module provides *notifications.Recorder and *notifications.Announcer to
// the rest of the app, and contributes the routes.
var Module = fx.Module("notifications",
	fx.Provide(
		fx.Private,
		notificationsstore.NewNotifications,
	),
	fx.Provide(
		newRecorder,
		newAnnouncer,
		plugin.AsRoutes(newRoutes),
	),
)

func newRecorder(store *notificationsstore.Notifications, clock ports.Clock) *notifications.Recorder {
	return &notifications.Recorder{Store: store, Clock: clock}
}

func newAnnouncer(store *notificationsstore.Notifications, b ports.Broadcaster, log *slog.Logger) *notifications.Announcer {
	return &notifications.Announcer{Counts: store, Broadcaster: b, Log: log}
}

func newRoutes(store *notificationsstore.Notifications, a *notifications.Announcer, media httpkit.MediaLinks) plugin.Routes {
	l := signer{media: media}
	return plugin.Routes{Register: func(api huma.API) {
		registerList(api, &notifications.ListNotifications{Store: store}, l)
		registerUnread(api, &notifications.CountUnread{Store: store})
		registerMarkRead(api, &notifications.MarkRead{Store: store, Announcer: a},
			&notifications.MarkAllRead{Store: store, Announcer: a})
	}}
}
