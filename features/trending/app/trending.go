// Package app keeps the trending-music chart: a periodic refresh from
// ports.TrendingSource into the database, and the list members read.
package app

import (
	"context"
	"fmt"
	"time"

	"social/core/ports"
)

// Chart settings: Brazil's most played songs, ten of them.
const (
	Country = "br"
	Limit   = 10
)

// Chart is the stored chart; UpdatedAt is nil before the first refresh.
type Chart struct {
	Tracks    []ports.TrendingTrack
	UpdatedAt *time.Time
}

// ChartStore keeps the latest chart.
type ChartStore interface {
	// Replace swaps the whole chart for tracks (in chart order) in one transaction.
	Replace(ctx context.Context, tracks []ports.TrendingTrack, fetchedAt time.Time) error
	Chart(ctx context.Context) (Chart, error)
}

// Refresh reads the chart from the source and replaces the stored one. A
// failure leaves the stored chart as it was; running it twice stores the
// same chart twice.
type Refresh struct {
	Source ports.TrendingSource
	Store  ChartStore
	Clock  ports.Clock
}

// Handle refreshes; an empty answer keeps the previous chart.
func (uc *Refresh) Handle(ctx context.Context) (int, error) {
	tracks, err := uc.Source.TopSongs(ctx, Country, Limit)
	if err != nil {
		return 0, fmt.Errorf("read trending songs: %w", err)
	}
	if len(tracks) == 0 {
		return 0, nil
	}
	if err := uc.Store.Replace(ctx, tracks, uc.Clock.Now()); err != nil {
		return 0, fmt.Errorf("store trending songs: %w", err)
	}
	return len(tracks), nil
}

// List reads the stored chart (no outside call).
type List struct {
	Store ChartStore
}

// Handle returns the chart. With no chart stored (the source has never
// answered) it is ports.ErrTrendingUnavailable, not an empty list: members
// are told the songs could not be loaded instead of seeing a bare panel.
// After one good refresh, later failures keep serving the stored chart.
func (uc *List) Handle(ctx context.Context) (Chart, error) {
	c, err := uc.Store.Chart(ctx)
	if err != nil {
		return Chart{}, fmt.Errorf("read trending chart: %w", err)
	}
	if c.UpdatedAt == nil {
		return Chart{}, ports.ErrTrendingUnavailable(nil)
	}
	return c, nil
}
