// Package search is the search feature: the search answer and keeping the index up to date.
// Its use cases are in app/, its store in pgstore/, its routes in
// httpapi/; this file wires them.
package search

import (
	"context"
	"log/slog"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/ports"
	"social/features/search/app"
	"social/features/search/httpapi"
	searchstore "social/features/search/pgstore"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/lifecycle"
	"social/platform/pgkit"
)

// QueuePoll is how long the indexer waits before looking at an empty
// queue again: the longest a change waits to be taken, when nothing else
// is queued.
const QueuePoll = 100 * time.Millisecond

// Module provides the use cases, the route, the indexer of queued
// documents and ports.SearchIndexQueue for the features whose writes change
// what search finds. The index itself comes from adapters/search.Module.
var Module = fx.Module("search-api",
	fx.Provide(
		fx.Private,
		newSource,
	),
	// The use cases, for the routes here and the other drivers of the app
	// (the Mastodon client API).
	fx.Provide(newUseCases),
	queueing,
	fx.Provide(plugin.AsRoutes(httpapi.NewRoutes)),
	fx.Invoke(runIndexer),
)

// ForCommands is what a command that writes without serving (seed-demo,
// user, reindex) needs of search: the queue alone, so that what it writes is
// queued for the serving nodes to index (a bleve index is one process's),
// and what the index is rebuilt from.
var ForCommands = fx.Module("search-commands",
	fx.Provide(fx.Private, newSource),
	queueing,
	fx.Provide(func(s *searchstore.SearchSource) app.DocLister { return s }),
)

// queueing is the queue of documents to index, for the server and the
// commands alike, and the ports the writing features queue through.
var queueing = fx.Provide(
	searchstore.NewSearchQueue,
	func(q *searchstore.SearchQueue) ports.SearchIndexQueue { return q },
	// Suspensions and account deletions queue all of an author's posts.
	func(q *searchstore.SearchQueue) app.AuthorPostsQueue { return q },
)

type useCaseParams struct {
	fx.In
	DB     *bun.DB
	Index  ports.SearchIndex
	Blobs  ports.BlobStore
	Media  httpkit.MediaLinks
	Log    *slog.Logger
	Hidden ports.HiddenMembers `optional:"true"`
	// Lookup finds other servers' accounts by address; a plugin gives it
	// (federation), none when it is off.
	Lookup ports.RemoteAccountLookup `optional:"true"`
	Source *searchstore.SearchSource
	Clock  ports.Clock
}

func newSource(db *bun.DB, p struct {
	fx.In
	Sources []plugin.SearchSource `group:"search_sources"`
}) *searchstore.SearchSource {
	return searchstore.NewSearchSource(db, p.Sources...)
}

func newUseCases(p useCaseParams) app.UseCases {
	index, blobs, media, log, source := p.Index, p.Blobs, p.Media, p.Log, p.Source
	return app.UseCases{
		Search: &app.Search{Index: index, Kinds: source.Kinds(), Signer: blobs, LinkTTL: media.TTL(), Hidden: p.Hidden,
			Lookup: p.Lookup, Docs: source,
			OnLinkError: func(ctx context.Context, key string, err error) {
				log.WarnContext(ctx, "sign avatar link", "key", key, "err", err)
			}},
		Trending: &app.TrendingHashtags{Counter: searchstore.NewHashtagCounter(p.DB), Clock: p.Clock},
	}
}

// runIndexer takes the queued documents while the app runs. Its stop
// cancels the batch under way (its transaction rolls back and the
// documents stay queued; an index write already made is made again, which
// changes nothing) and waits for it within the stop's deadline. It works
// on the background pool, which requests cannot take.
func runIndexer(lc fx.Lifecycle, p useCaseParams, queue *searchstore.SearchQueue, background pgkit.BackgroundDB) {
	uc := &app.IndexQueued{Queue: queue, Loader: p.Source, Index: p.Index,
		Log: p.Log.With("component", "search-indexer")}
	lifecycle.RunWhileUp(lc, "search indexer", func(ctx context.Context) {
		uc.Run(pgkit.OnDB(ctx, background.DB), QueuePoll)
	})
}
