// Package trendingapi serves GET /api/v1/trending from the database and
// wires the trending.refresh job (hourly, and once at start while no chart
// is stored).
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"social/core/ports"
	trending "social/features/trending/app"
	trendingstore "social/features/trending/pgstore"
	"social/kit/httpkit"
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
		plugin.AsRoutes(newRoutes),
		plugin.AsWorker(newWorker),
		plugin.AsPeriodicJob(newPeriodicJob),
	),
)

// UseCases are the trending operations.
type UseCases struct {
	Refresh *trending.Refresh
	List    *trending.List
}

func newUseCases(store *trendingstore.TrendingTracks, src ports.TrendingSource, clock ports.Clock) UseCases {
	return UseCases{
		Refresh: &trending.Refresh{Source: src, Store: store, Clock: clock},
		List:    &trending.List{Store: store},
	}
}

func newWorker(uc UseCases) plugin.Worker {
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

// Track is one song of the chart.
type Track struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Artist     string `json:"artist"`
	AlbumArt   string `json:"albumArt"`
	PreviewURL string `json:"previewUrl" doc:"Empty when the song has no preview clip."`
	Link       string `json:"link"`
}

// Trending is the chart: its tracks and when it was fetched.
type Trending struct {
	Items     []Track    `json:"items"`
	UpdatedAt *time.Time `json:"updatedAt" doc:"When the chart was fetched."`
}

func newRoutes(uc UseCases) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "list-trending", Method: http.MethodGet, Path: "/trending",
			Summary: "Trending music (Brazil's most played songs, refreshed hourly)", Tags: []string{"trending"},
			Description: "503 trending_unavailable while no chart has ever been fetched from the source.",
			Security:    httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{503: {ports.CodeTrendingUnavailable}}),
		}, func(ctx context.Context, _ *struct{}) (*struct{ Body Trending }, error) {
			c, err := uc.List.Handle(ctx)
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			out := Trending{Items: make([]Track, 0, len(c.Tracks)), UpdatedAt: c.UpdatedAt}
			for _, t := range c.Tracks {
				out.Items = append(out.Items, Track{ID: t.ID, Title: t.Title, Artist: t.Artist,
					AlbumArt: t.AlbumArt, PreviewURL: t.PreviewURL, Link: t.Link})
			}
			return &struct{ Body Trending }{Body: out}, nil
		})
	}}
}
