// Package profiles is the profiles feature: member profiles, their pictures and their edits.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package profiles

import (
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	follows "social/features/follows/app"
	moderation "social/features/moderation/app"
	"social/features/profiles/app"
	"social/features/profiles/httpapi"
	profilesstore "social/features/profiles/pgstore"
	"social/features/profiles/wire"
	"social/kit/plugin"
)

// Module wires the profile use cases to their stores and contributes the
// routes. Pictures go to the app's ports.BlobStore after its
// ports.ImageCleaner (adapters/storage and adapters/images).
var Module = fx.Module("profiles",
	fx.Provide(profilesstore.NewProfiles),
	// The accounts feature creates a member's profile with the account and
	// reads it when a session opens; sign-up refuses staff-like names.
	fx.Provide(
		func(p *profilesstore.Profiles) app.ProfileCreator { return p },
		func(p *profilesstore.Profiles) app.ProfileReader { return p },
		func(p *profilesstore.Profiles) app.StaffNames { return p },
	),
	// Moderators set the verified flag on a locked profile.
	fx.Provide(func(p *profilesstore.Profiles) moderation.ProfileLocker { return p }),
	// The use cases, for the routes here and the other drivers of the app
	// (the Mastodon client API).
	fx.Provide(newUseCases),
	// The federation plugin keeps the profiles of remote accounts through
	// it.
	fx.Provide(func(p useCaseParams) *app.UpsertRemoteAccount {
		return &app.UpsertRemoteAccount{Profiles: p.Profiles, Tx: p.Tx, Search: p.Search, Clock: p.Clock}
	}),
	// and gives them copies of their pictures through it.
	fx.Provide(func(p useCaseParams) *app.SetRemotePicture {
		return &app.SetRemotePicture{Profiles: p.Profiles, Indexer: app.Indexer{Tx: p.Tx, Search: p.Search, Changes: p.Changes},
			Blobs: p.Blobs, Images: p.Images, Copies: p.Copies, Clock: p.Clock}
	}),
	fx.Provide(
		// The profile as a viewer sees it, for the routes here and the
		// other drivers of the app.
		func(p *profilesstore.Profiles) *follows.ViewProfile { return &follows.ViewProfile{Profiles: p} },
		// The viewer's relations with many members at once (the Mastodon
		// client API's relationships).
		func(p *profilesstore.Profiles) *follows.ReadRelationships {
			return &follows.ReadRelationships{Relations: p}
		},
		wire.NewLinks,
		plugin.AsRoutes(httpapi.NewRoutes),
		plugin.AsDemoSeeder(newDemoSeeder),
	),
)

type useCaseParams struct {
	fx.In
	Config   *config.Config
	Profiles *profilesstore.Profiles
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Blobs    ports.BlobStore
	Images   ports.ImageCleaner
	Copies   ports.ImageVariants
	Tx       ports.Transactor
	Search   ports.SearchIndexQueue
	Changes  ports.Changes
}

func newUseCases(p useCaseParams) app.UseCases {
	limits := app.Limits{PerMember: p.Config.Limits.ProfileUpdatePerMember, PerIP: p.Config.Limits.ProfileUpdatePerIP}
	ix := app.Indexer{Tx: p.Tx, Search: p.Search, Changes: p.Changes}
	return app.UseCases{
		GetMine:  &app.GetMyProfile{Profiles: p.Profiles},
		HandleOf: &app.HandleByID{Profiles: p.Profiles},
		Update:   &app.UpdateProfile{Profiles: p.Profiles, Staff: p.Profiles, Indexer: ix, Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
		SetImage: &app.SetProfileImage{Profiles: p.Profiles, Indexer: ix, Blobs: p.Blobs, Images: p.Images,
			Copies: p.Copies, Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
		DeleteImage: &app.DeleteProfileImage{Profiles: p.Profiles, Indexer: ix, Blobs: p.Blobs,
			Limiter: p.Limiter, Clock: p.Clock, Limits: limits},
	}
}
