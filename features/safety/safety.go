// Package safety is the safety feature: blocks, mutes and muted words.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package safety

import (
	"net/url"
	"strings"

	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	notifications "social/features/notifications/app"
	"social/features/safety/app"
	"social/features/safety/httpapi"
	safetystore "social/features/safety/pgstore"
	timelines "social/features/timelines/app"
	"social/kit/plugin"
)

// Module wires the safety use cases to the postgres store, contributes the
// routes, and provides the store to every read and write that must honour
// blocks and mutes (ports.Blocks, ports.HiddenMembers, and app.Relations,
// the contract the plugins use).
var Module = fx.Module("safety",
	fx.Provide(
		fx.Annotate(safetystore.NewSafety, fx.As(fx.Self()), fx.As(new(ports.Blocks)), fx.As(new(ports.HiddenMembers)),
			fx.As(new(app.Relations))),
	),
	// The use cases, for the routes here and the other drivers of the app
	// (the Mastodon client API).
	fx.Provide(newUseCases),
	fx.Provide(
		plugin.AsRoutes(httpapi.NewRoutes),
		// Expired muted words are deleted hourly, whether or not their
		// member adds another.
		plugin.AsWorker(func(store *safetystore.Safety, clock ports.Clock) plugin.Worker {
			return plugin.NewWorker("", &safetystore.PruneMutedWordsWorker{Store: store, Clock: clock})
		}),
		plugin.AsPeriodicJob(safetystore.NewPruneMutedWordsJob),
	),
	// A block ends follows both ways: the timelines' queue takes their
	// posts out.
	fx.Provide(fx.Private, func(q timelines.Queue) app.TimelineQueue { return q }),
)

// ownDomains is the host of the public URL (with its port when not the
// default), the domain of the members' addresses.
func ownDomains(cfg *config.Config) app.OwnDomains {
	u, err := url.Parse(cfg.HTTP.PublicURL)
	if err != nil || u.Host == "" {
		return nil
	}
	return app.OwnDomains{strings.ToLower(u.Host)}
}

func newUseCases(cfg *config.Config, store *safetystore.Safety, tx ports.Transactor, clock ports.Clock, timelines app.TimelineQueue,
	notices *notifications.Recorder, announcer *notifications.Announcer, access ports.AccessChanges,
	changes ports.Changes) app.UseCases {
	own := ownDomains(cfg)
	return app.UseCases{
		BlockDomain: &app.BlockDomain{Tx: tx, Blocks: store, Timelines: timelines, Notices: notices, Announcer: announcer,
			Access: access, Changes: changes, Own: own, Clock: clock},
		UnblockDomain:    &app.UnblockDomain{Blocks: store, Access: access, Own: own},
		ListDomainBlocks: &app.ListDomainBlocks{Blocks: store},
		Block: &app.BlockMember{Tx: tx, Blocks: store, Timelines: timelines, Notices: notices, Announcer: announcer,
			Access: access, Changes: changes, Clock: clock},
		Unblock:    &app.UnblockMember{Tx: tx, Blocks: store, Access: access, Changes: changes},
		ListBlocks: &app.ListBlocks{Blocks: store},
		Mute:       &app.MuteMember{Mutes: store, Clock: clock, Access: access},
		Unmute:     &app.UnmuteMember{Mutes: store, Access: access},
		ListMutes:  &app.ListMutes{Mutes: store},
		AddWord:    &app.AddMutedWord{Words: store, Clock: clock},
		RemoveWord: &app.RemoveMutedWord{Words: store},
		ListWords:  &app.ListMutedWords{Words: store, Clock: clock},
	}
}
