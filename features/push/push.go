// Package push is the push feature: Web Push to members' devices, one more
// delivery of the notifications the notifications feature records.
// Its use cases are in app/, its store and job in pgstore/, its routes in
// httpapi/; this file wires them. The push services are reached through
// ports.PushSender (adapters/providers/webpush).
package push

import (
	"log/slog"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	notifications "social/features/notifications/app"
	"social/features/push/app"
	"social/features/push/httpapi"
	pushstore "social/features/push/pgstore"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Module provides *app.Fanout (for features that push what is not a
// notification: a direct message, a report) and *app.Keys (the server's
// VAPID key, which the Mastodon client API's instance shows apps), and
// contributes the notifications' deliverer, the routes and the worker.
var Module = fx.Module("push",
	fx.Provide(
		fx.Private,
		pushstore.NewSubscriptions,
		pushstore.NewDeliveries,
		pushstore.NewKeys,
		newUseCases,
		newDeliver,
	),
	fx.Provide(
		newKeys,
		newFanout,
		fx.Annotate(func(f *app.Fanout) notifications.Deliverer { return f },
			fx.ResultTags(`group:"notification_deliverers"`)),
		plugin.AsRoutes(httpapi.NewRoutes),
		plugin.AsQueue(func(cfg *config.Config) plugin.Queue {
			return plugin.Queue{Name: pushstore.QueueName, MaxWorkers: cfg.Push.Workers}
		}),
		plugin.AsWorker(func(d *app.Deliver) plugin.Worker {
			return plugin.NewWorker("", &pushstore.DeliverWorker{Deliver: d})
		}),
	),
)

func newKeys(cfg *config.Config, store *pushstore.Keys, clock ports.Clock) (*app.Keys, error) {
	configured, err := cfg.Push.VAPIDKey()
	if err != nil {
		return nil, err
	}
	return &app.Keys{Configured: configured, Store: store, Clock: clock, Subject: cfg.Push.Subject}, nil
}

func newFanout(cfg *config.Config, store *pushstore.Subscriptions, shown *notifications.ShowNotification,
	db *bun.DB, jobs *pgkit.JobInserter, clock ports.Clock) *app.Fanout {
	return &app.Fanout{Enabled: cfg.Push.Enabled, Store: store, Notifications: shown,
		Queue: pushstore.Queue{DB: db, Jobs: jobs},
		Clock: clock, Window: cfg.Push.CollapseWindow}
}

func newUseCases(cfg *config.Config, store *pushstore.Subscriptions, keys *app.Keys, fanout *app.Fanout,
	tx ports.Transactor, clock ports.Clock) httpapi.UseCases {
	on := cfg.Push.Enabled
	return httpapi.UseCases{
		Subscribe: &app.Subscribe{Enabled: on, AllowHTTP: cfg.Mode != config.ModeProduction, Tx: tx, Store: store,
			Keys: keys, Clock: clock},
		Get:         &app.GetSubscription{Enabled: on, Store: store, Keys: keys},
		Update:      &app.UpdateSubscription{Enabled: on, Tx: tx, Store: store, Keys: keys, Clock: clock},
		Unsubscribe: &app.Unsubscribe{Store: store},
		Test:        &app.SendTestPush{Enabled: on, Store: store, Fanout: fanout},
		Keys:        keys,
		Enabled:     on,
	}
}

type deliverParams struct {
	fx.In
	Cfg           *config.Config
	Store         *pushstore.Subscriptions
	Deliveries    *pushstore.Deliveries
	Notifications *notifications.ShowNotification
	Sender        ports.PushSender
	Keys          *app.Keys
	Clock         ports.Clock
	Media         httpkit.MediaLinks
	Log           *slog.Logger
}

func newDeliver(p deliverParams) *app.Deliver {
	return &app.Deliver{Store: p.Store, Deliveries: p.Deliveries, Notifications: p.Notifications, Sender: p.Sender,
		Keys: p.Keys, Clock: p.Clock, AvatarURL: p.Media.URL, TTL: p.Cfg.Push.TTL,
		PerMinute: p.Cfg.Push.PerMemberPerMinute, Log: p.Log}
}
