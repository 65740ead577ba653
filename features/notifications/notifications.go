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

// GroupDeliverers is the value group of app.Deliverer, the other
// deliveries of a recorded notification.
const GroupDeliverers = `group:"notification_deliverers"`

// Module provides *app.Recorder, *app.Announcer and app.UseCases to
// the rest of the app, and contributes the routes.
var Module = fx.Module("notifications",
	fx.Provide(
		fx.Private,
		notificationsstore.NewNotifications,
	),
	fx.Provide(
		newRecorder,
		newAnnouncer,
		func(store *notificationsstore.Notifications) *app.ShowNotification {
			return &app.ShowNotification{Store: store}
		},
		newUseCases,
		plugin.AsRoutes(httpapi.NewRoutes),
	),
)

func newUseCases(store *notificationsstore.Notifications, a *app.Announcer) app.UseCases {
	return app.UseCases{
		Page:     &app.PageNotifications{Store: store},
		Get:      &app.GetNotification{Store: store},
		Dismiss:  &app.Dismiss{Store: store, Announcer: a},
		Clear:    &app.Clear{Store: store, Announcer: a},
		Unread:   &app.CountUnread{Store: store},
		ReadUpTo: &app.MarkReadUpTo{Store: store, Announcer: a},
	}
}

// recorderParams take the other deliveries of a notification (push) from
// the group GroupDeliverers; none is fine.
type recorderParams struct {
	fx.In
	Store      *notificationsstore.Notifications
	Clock      ports.Clock
	Deliverers []app.Deliverer `group:"notification_deliverers"`
}

func newRecorder(p recorderParams) *app.Recorder {
	return &app.Recorder{Store: p.Store, Clock: p.Clock, Deliverers: p.Deliverers}
}

func newAnnouncer(store *notificationsstore.Notifications, b ports.Broadcaster, log *slog.Logger) *app.Announcer {
	return &app.Announcer{Counts: store, Broadcaster: b, Log: log}
}
