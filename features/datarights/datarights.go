// Package datarights is the data-rights feature: a member's data export and account deletion.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package datarights

import (
	"log/slog"
	"strings"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	"social/features/datarights/app"
	"social/features/datarights/httpapi"
	datarightsstore "social/features/datarights/pgstore"
	notifications "social/features/notifications/app"
	posts "social/features/posts/app"
	search "social/features/search/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Module wires the data-rights use cases and contributes the routes, the
// workers, the prune job and the core's part of a member's data.
var Module = fx.Module("datarights",
	fx.Provide(
		fx.Private,
		datarightsstore.NewDataRights,
		newUseCases,
	),
	fx.Provide(
		plugin.AsMemberData(func(db *bun.DB, p posts.PostDeleter, files posts.MediaQueue, search ports.SearchIndexQueue,
			clock ports.Clock) plugin.MemberData {
			return plugin.MemberData{Name: "core", Data: datarightsstore.NewCoreMemberData(db, p, files, search, clock)}
		}),
		plugin.AsRoutes(httpapi.NewRoutes),
		plugin.AsWorker(func(uc httpapi.UseCases) plugin.Worker {
			return plugin.NewWorker("", &datarightsstore.BuildExportWorker{Build: uc.Build})
		}),
		plugin.AsWorker(func(uc httpapi.UseCases) plugin.Worker {
			return plugin.NewWorker("", &datarightsstore.EraseMemberWorker{Erase: uc.Erase})
		}),
		plugin.AsWorker(func(blobs ports.BlobStore) plugin.Worker {
			return plugin.NewWorker("", &datarightsstore.DeleteFileWorker{Blobs: blobs})
		}),
		plugin.AsWorker(func(uc httpapi.UseCases) plugin.Worker {
			return plugin.NewWorker("", &datarightsstore.PruneDataRightsWorker{Prune: uc.Prune})
		}),
		plugin.AsPeriodicJob(newPruneJob),
		// The federation plugin removes other servers' accounts with it.
		newRemoveRemoteAccount,
	),
)

type useCaseParams struct {
	fx.In
	Config    *config.Config
	Store     *datarightsstore.DataRights
	Tx        ports.Transactor
	Jobs      *pgkit.JobInserter
	Blobs     ports.BlobStore
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
	Hasher    ports.PasswordHasher
	Sessions  app.AllSessionsRevoker
	Limiter   ports.RateLimiter
	Search    ports.SearchIndexQueue
	Posts     search.AuthorPostsQueue
	Audit     ports.AuditLog
	Clock     ports.Clock
	Log       *slog.Logger
	Ends      ports.SessionEnds   `optional:"true"` // the realtime gateways
	Parts     []plugin.MemberData `group:"member_data"`
	Changes   ports.Changes
}

// SettingsFrom reads the use cases' settings from the configuration.
func SettingsFrom(cfg *config.Config) app.Settings {
	return app.Settings{
		PublicURL:   strings.TrimRight(cfg.HTTP.PublicURL, "/"),
		ExportEvery: cfg.DataRights.ExportEvery,
		ExportKeep:  cfg.DataRights.ExportKeep,
		HandleHold:  cfg.DataRights.HandleHold,
		Batch:       httpapi.EraseBatch,
	}
}

// parts puts the core's part first: posts leave through the post deletion
// before the plugins remove what held them (a community's posts).
func parts(list []plugin.MemberData) []app.Part {
	out := []app.Part{}
	for _, core := range []bool{true, false} {
		for _, p := range list {
			if (p.Plugin == "") == core {
				name := p.Name
				if p.Plugin != "" {
					name = p.Plugin
				}
				out = append(out, app.Part{Name: name, Data: p.Data})
			}
		}
	}
	return out
}

func newUseCases(p useCaseParams) httpapi.UseCases {
	s := SettingsFrom(p.Config)
	queue := datarightsstore.DataRightsQueue{Jobs: p.Jobs}
	all := parts(p.Parts)
	log := p.Log.With("feature", "datarights")
	return httpapi.UseCases{
		Request:  &app.RequestExport{Tx: p.Tx, Exports: p.Store, Queue: queue, Clock: p.Clock, Settings: s},
		Get:      &app.GetExport{Exports: p.Store, Clock: p.Clock, Settings: s},
		Download: &app.DownloadExport{Exports: p.Store, Blobs: p.Blobs, Clock: p.Clock},
		Build: &app.BuildExport{Tx: p.Tx, Exports: p.Store, Parts: all, Blobs: p.Blobs,
			Notices: p.Notices, Announcer: p.Announcer, Clock: p.Clock, Settings: s, Log: log},
		Prune: &app.Prune{Exports: p.Store, Holds: p.Store, Blobs: p.Blobs, Clock: p.Clock},
		Delete: &app.DeleteAccount{Tx: p.Tx, Accounts: p.Store, Hasher: p.Hasher, Sessions: p.Sessions,
			Limiter: p.Limiter, Search: p.Search, Posts: p.Posts, Parts: all, Queue: queue, Audit: p.Audit, Clock: p.Clock,
			Settings: s, Ends: p.Ends, Changes: p.Changes},
		Erase: &app.EraseMember{Accounts: p.Store, Parts: all, Settings: s, Log: log},
	}
}

func newPruneJob(cfg *config.Config) plugin.PeriodicJob {
	return plugin.PeriodicJob{Name: "datarights.prune", Job: river.NewPeriodicJob(
		river.PeriodicInterval(cfg.DataRights.PruneEvery),
		func() (river.JobArgs, *river.InsertOpts) { return datarightsstore.PruneDataRightsArgs{}, nil },
		&river.PeriodicJobOpts{RunOnStart: true})}
}

func newRemoveRemoteAccount(p useCaseParams, store *datarightsstore.DataRights) *app.RemoveRemoteAccount {
	return &app.RemoveRemoteAccount{Profiles: store, Parts: parts(p.Parts), Search: p.Search, Tx: p.Tx,
		Settings: SettingsFrom(p.Config), Log: p.Log.With("feature", "datarights")}
}
