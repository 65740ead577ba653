// Package httpapi serves a member's notifications: listing them and
// marking them read.
package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	notifications "social/features/notifications/app"
	notificationsstore "social/features/notifications/pgstore"
	"social/kit/httpkit"
	"social/kit/plugin"
)

func NewRoutes(store *notificationsstore.Notifications, a *notifications.Announcer, media httpkit.MediaLinks) plugin.Routes {
	l := signer{media: media}
	return plugin.Routes{Register: func(api huma.API) {
		registerList(api, &notifications.ListNotifications{Store: store}, l)
		registerUnread(api, &notifications.CountUnread{Store: store})
		registerMarkRead(api, &notifications.MarkRead{Store: store, Announcer: a},
			&notifications.MarkAllRead{Store: store, Announcer: a})
	}}
}
