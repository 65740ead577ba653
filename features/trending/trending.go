// Package trending is the trending feature: the trending-music chart and its periodic refresh.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package trending

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/core/ports"
	media "social/features/media/app"
	"social/features/trending/app"
	"social/features/trending/httpapi"
	trendingstore "social/features/trending/pgstore"
	"social/kit/plugin"
)

// Module wires the chart store, the use cases, the route, the worker and
// the periodic job.
var Module = fx.Module("trending-api",
	fx.Provide(
		fx.Private,
		trendingstore.NewTrendingTracks,
		newUseCases,
	),
	fx.Provide(
		plugin.AsRoutes(httpapi.NewRoutes),
		plugin.AsWorker(newWorker),
		plugin.AsPeriodicJob(newPeriodicJob),
		plugin.AsMediaSources(newMediaSources),
	),
)

// newMediaSources admits the chart's preview clips to the
// Content-Security-Policy's media-src: the provider serves them from its
// own https hosts, and the browser loads one only when a member presses
// play. Covers are copied instead (Refresh), so img-src admits nothing.
func newMediaSources() plugin.MediaSources {
	return plugin.MediaSources{Sources: []string{"https:"}, Why: "the chart's preview clips play from the provider"}
}

type useCaseParams struct {
	fx.In
	Store        *trendingstore.TrendingTracks
	Source       ports.TrendingSource
	Clock        ports.Clock
	RemoteImages ports.RemoteImageFetcher
	Images       ports.ImageCleaner
	Blobs        ports.BlobStore
	Log          *slog.Logger
}

func newUseCases(p useCaseParams) httpapi.UseCases {
	store := p.Store
	return httpapi.UseCases{
		Refresh: &app.Refresh{Source: p.Source, Store: store, Clock: p.Clock, Blobs: p.Blobs, Log: p.Log,
			Images: &media.CopyRemoteImage{Fetch: p.RemoteImages, Images: p.Images, Blobs: p.Blobs}},
		List: &app.List{Store: store},
	}
}

func newWorker(uc httpapi.UseCases) plugin.Worker {
	return plugin.NewWorker("", &trendingstore.RefreshTrendingWorker{Refresh: uc.Refresh})
}

// newPeriodicJob runs every hour; its first run (at start) is enqueued only
// when no chart is stored yet.
func newPeriodicJob(store *trendingstore.TrendingTracks, log *slog.Logger) plugin.PeriodicJob {
	var started atomic.Bool
	return plugin.PeriodicJob{Name: "trending.refresh", Job: river.NewPeriodicJob(
		river.PeriodicInterval(trendingstore.RefreshTrendingEvery),
		func() (river.JobArgs, *river.InsertOpts) {
			opts := &river.InsertOpts{MaxAttempts: 3, UniqueOpts: river.UniqueOpts{ByPeriod: trendingstore.RefreshTrendingEvery}}
			if started.Swap(true) {
				return trendingstore.RefreshTrendingArgs{}, opts
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			empty, err := store.Empty(ctx)
			if err != nil {
				log.Warn("trending: read chart at start", "err", err)
			}
			if err == nil && !empty {
				return nil, nil
			}
			return trendingstore.RefreshTrendingArgs{}, &river.InsertOpts{MaxAttempts: 3}
		},
		&river.PeriodicJobOpts{RunOnStart: true})}
}
