// Package features is the one list of the core features: the parts of the
// product every installation has. Each is laid out as a plugin is
// (app/, pgstore/, httpapi/, and its module in <name>.go), but cannot be
// switched off, and they share the core migration set, since their tables
// refer to one another.
package features

import (
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/ports"
	"social/features/accounts"
	"social/features/comments"
	"social/features/datarights"
	"social/features/follows"
	"social/features/media"
	"social/features/moderation"
	"social/features/notifications"
	"social/features/posts"
	"social/features/profiles"
	"social/features/reports"
	"social/features/safety"
	"social/features/search"
	searchapp "social/features/search/app"
	searchstore "social/features/search/pgstore"
	"social/features/timelines"
	"social/features/trending"
	"social/features/twofactor"
	"social/kit/plugin"
)

// Modules are the core features' modules, in no particular order: fx
// orders construction by what each needs.
func Modules() fx.Option {
	return fx.Options(useCases(), search.Module)
}

// ForCommands are the core features' modules for a command that runs their
// use cases without serving (seed-demo, user): all of Modules but search's,
// whose indexer belongs to the serving nodes (a bleve index is one
// process's), and search's queue alone, so that what a command writes is
// queued for the nodes to index.
func ForCommands() fx.Option {
	return fx.Options(
		useCases(),
		fx.Provide(searchstore.NewSearchQueue, func(q *searchstore.SearchQueue) ports.SearchIndexQueue { return q },
			// A suspension from the command line requeues the author's posts.
			func(q *searchstore.SearchQueue) searchapp.AuthorPostsQueue { return q }),
		// What the index is rebuilt from (social reindex, seed-demo).
		fx.Provide(newSearchDocs),
	)
}

// newSearchDocs reads every searchable document, the core's kinds and the
// enabled plugins'.
func newSearchDocs(db *bun.DB, p struct {
	fx.In
	Sources []plugin.SearchSource `group:"search_sources"`
}) searchapp.DocLister {
	return searchstore.NewSearchSource(db, p.Sources...)
}

// useCases are every core feature's module but search's.
func useCases() fx.Option {
	return fx.Options(
		accounts.Module,
		profiles.Module,
		follows.Module,
		safety.Module,
		media.Module,
		posts.Module,
		comments.Module,
		reports.Module,
		moderation.Module,
		datarights.Module,
		notifications.Module,
		timelines.Module,
		trending.Module,
		twofactor.Module,
	)
}
