// Package search is the search feature: the search answer and keeping the index up to date.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package search

import (
	"context"
	"log/slog"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/core/ports"
	"social/features/search/app"
	"social/features/search/httpapi"
	searchstore "social/features/search/pgstore"
	"social/kit/httpkit"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// Module provides the use cases, the route, the search.index worker and
// ports.SearchIndexQueue for the features whose writes change what search
// finds. The index itself comes from adapters/search.Module.
var Module = fx.Module("search-api",
	fx.Provide(
		fx.Private,
		newUseCases,
	),
	fx.Provide(
		plugin.AsRoutes(httpapi.NewRoutes),
		plugin.AsWorker(newWorker),
		fx.Annotate(newQueue, fx.As(new(ports.SearchIndexQueue))),
	),
)

type useCaseParams struct {
	fx.In
	DB      *bun.DB
	Index   ports.SearchIndex
	Blobs   ports.BlobStore
	Media   httpkit.MediaLinks
	Log     *slog.Logger
	Sources []plugin.SearchSource `group:"search_sources"`
	Hidden  ports.HiddenMembers   `optional:"true"`
}

func newUseCases(p useCaseParams) httpapi.UseCases {
	index, blobs, media, log := p.Index, p.Blobs, p.Media, p.Log
	source := searchstore.NewSearchSource(p.DB, p.Sources...)
	return httpapi.UseCases{
		Search: &app.Search{Index: index, Kinds: source.Kinds(), Signer: blobs, LinkTTL: media.TTL(), Hidden: p.Hidden,
			OnLinkError: func(ctx context.Context, key string, err error) {
				log.WarnContext(ctx, "sign avatar link", "key", key, "err", err)
			}},
		Index: &app.IndexDoc{Loader: source, Index: index},
	}
}

func newWorker(uc httpapi.UseCases) plugin.Worker {
	return plugin.NewWorker("", &searchstore.SearchIndexWorker{Index: uc.Index})
}

func newQueue(jobs *pgkit.JobInserter) searchstore.SearchIndexQueue {
	return searchstore.SearchIndexQueue{Jobs: jobs}
}
