// Package digest is the weekly e-mail digest: a summary of a member's
// unread notifications, sent once a week to those who turned it on, with
// an unsubscribe link that works without signing in.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package digest

import (
	"strings"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	"social/features/digest/app"
	"social/features/digest/httpapi"
	digeststore "social/features/digest/pgstore"
	notifications "social/features/notifications/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Module contributes the digest's routes, its two jobs (the weekly run,
// periodic, and one member's digest) and its part of a member's data.
var Module = fx.Module("digest",
	fx.Provide(
		fx.Private,
		digeststore.NewStore,
		newSend,
	),
	fx.Provide(
		plugin.AsRoutes(newRoutes),
		plugin.AsWorker(func(s *digeststore.Store, db *bun.DB, jobs *pgkit.JobInserter, clock ports.Clock,
			cfg *config.Config) plugin.Worker {
			return plugin.NewWorker("", &digeststore.PlanWorker{Plan: &app.PlanWeek{Digests: s,
				Queue: digeststore.Queue{Jobs: jobs}, Clock: clock, SendAfter: cfg.Digest.SendAfter}})
		}),
		plugin.AsWorker(func(send *app.SendDigest) plugin.Worker {
			return plugin.NewWorker("", &digeststore.SendWorker{Send: send})
		}),
		plugin.AsPeriodicJob(func(cfg *config.Config) plugin.PeriodicJob {
			return digeststore.NewPlanJob(cfg.Digest.CheckEvery)
		}),
		plugin.AsMemberData(func(s *digeststore.Store) plugin.MemberData {
			return plugin.MemberData{Name: "digest", Data: s}
		}),
	),
)

func newRoutes(s *digeststore.Store, clock ports.Clock) plugin.Routes {
	return httpapi.NewRoutes(httpapi.UseCases{
		Get:         &app.GetPreference{Store: s},
		Set:         &app.SetPreference{Store: s, Clock: clock},
		Unsubscribe: &app.Unsubscribe{Digests: s, Store: s, Clock: clock},
	})
}

func newSend(cfg *config.Config, s *digeststore.Store, list notifications.UseCases, tx ports.Transactor,
	outbox ports.Outbox, clock ports.Clock) *app.SendDigest {
	return &app.SendDigest{Tx: tx, Digests: s, List: list.Page, Outbox: outbox, Clock: clock,
		PublicURL: strings.TrimRight(cfg.HTTP.PublicURL, "/")}
}
