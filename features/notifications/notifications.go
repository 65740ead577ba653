// Package notifications is the notifications feature: recording, announcing and listing a member's notifications.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package notifications

import (
	"log/slog"

	"go.uber.org/fx"

	"social/core/ports"
	"social/features/notifications/app"
	"social/features/notifications/httpapi"
	notificationsstore "social/features/notifications/pgstore"
	"social/kit/plugin"
)

// Module provides *app.Recorder and *app.Announcer to
// the rest of the app, and contributes the routes.
var Module = fx.Module("notifications",
	fx.Provide(
		fx.Private,
		notificationsstore.NewNotifications,
	),
	fx.Provide(
		newRecorder,
		newAnnouncer,
		plugin.AsRoutes(httpapi.NewRoutes),
	),
)

func newRecorder(store *notificationsstore.Notifications, clock ports.Clock) *app.Recorder {
	return &app.Recorder{Store: store, Clock: clock}
}

func newAnnouncer(store *notificationsstore.Notifications, b ports.Broadcaster, log *slog.Logger) *app.Announcer {
	return &app.Announcer{Counts: store, Broadcaster: b, Log: log}
}
