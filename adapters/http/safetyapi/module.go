package safetyapi

import (
	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/adapters/http/profilesapi"
	"social/adapters/postgres"
	"social/core/app/notifications"
	"social/core/app/safety"
	"social/core/ports"
	"social/kit/plugin"
)

// Module wires the safety use cases to the postgres store, contributes the
// routes and the hourly pruning of expired muted words, and provides the store to every read and write that must honour
// blocks and mutes (ports.Blocks, ports.HiddenMembers).
var Module = fx.Module("safety",
	fx.Provide(
		fx.Annotate(postgres.NewSafety, fx.As(fx.Self()), fx.As(new(ports.Blocks)), fx.As(new(ports.HiddenMembers))),
	),
	fx.Provide(
		fx.Private,
		newUseCases,
	),
	fx.Provide(
		plugin.AsRoutes(NewRoutes),
		plugin.AsWorker(func(store *postgres.Safety, clock ports.Clock) plugin.Worker {
			return plugin.NewWorker("", &postgres.PruneMutedWordsWorker{Store: store, Clock: clock})
		}),
		plugin.AsPeriodicJob(postgres.NewPruneMutedWordsJob),
	),
)

// UseCases are the safety operations.
type UseCases struct {
	Block      *safety.BlockMember
	Unblock    *safety.UnblockMember
	ListBlocks *safety.ListBlocks
	Mute       *safety.MuteMember
	Unmute     *safety.UnmuteMember
	ListMutes  *safety.ListMutes
	AddWord    *safety.AddMutedWord
	RemoveWord *safety.RemoveMutedWord
	ListWords  *safety.ListMutedWords
}

func newUseCases(store *postgres.Safety, tx ports.Transactor, clock ports.Clock, timelines postgres.TimelineQueue,
	notices *notifications.Recorder, announcer *notifications.Announcer, access ports.AccessChanges) UseCases {
	return UseCases{
		Block: &safety.BlockMember{Tx: tx, Blocks: store, Timelines: timelines, Notices: notices, Announcer: announcer,
			Access: access, Clock: clock},
		Unblock:    &safety.UnblockMember{Tx: tx, Blocks: store, Access: access},
		ListBlocks: &safety.ListBlocks{Blocks: store},
		Mute:       &safety.MuteMember{Mutes: store, Clock: clock, Access: access},
		Unmute:     &safety.UnmuteMember{Mutes: store, Access: access},
		ListMutes:  &safety.ListMutes{Mutes: store},
		AddWord:    &safety.AddMutedWord{Words: store, Clock: clock},
		RemoveWord: &safety.RemoveMutedWord{Words: store},
		ListWords:  &safety.ListMutedWords{Words: store, Clock: clock},
	}
}

// NewRoutes contributes the safety operations under /api/v1.
func NewRoutes(uc UseCases, links profilesapi.Links) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		registerBlock(api, uc.Block, uc.Unblock)
		registerMute(api, uc.Mute, uc.Unmute)
		registerListMembers(api, uc.ListBlocks, uc.ListMutes, links)
		registerMutedWords(api, uc.ListWords, uc.AddWord, uc.RemoveWord)
	}}
}
