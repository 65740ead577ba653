package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"social/core/ports"
	trending "social/features/trending/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// TrendingTracks stores the trending-music chart (trending_tracks).
type TrendingTracks struct{ db *bun.DB }

// NewTrendingTracks makes the store.
func NewTrendingTracks(db *bun.DB) *TrendingTracks { return &TrendingTracks{db: db} }

var _ trending.ChartStore = (*TrendingTracks)(nil)

type trendingRow struct {
	bun.BaseModel `bun:"table:trending_tracks"`
	Position      int       `bun:"position,pk"`
	TrackID       string    `bun:"track_id"`
	Title         string    `bun:"title"`
	Artist        string    `bun:"artist"`
	AlbumArt      string    `bun:"album_art"`
	PreviewURL    string    `bun:"preview_url"`
	Link          string    `bun:"link"`
	FetchedAt     time.Time `bun:"fetched_at"`
}

// Replace swaps the chart in one transaction. Replaces take turns: two at
// once (the job enqueued at start beside the hourly one, or two nodes)
// would each delete only the rows they saw and then insert the same
// positions. The lock mode lets readers through.
func (s *TrendingTracks) Replace(ctx context.Context, tracks []ports.TrendingTrack, fetchedAt time.Time) error {
	return pgkit.DBOf(ctx, s.db).RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.ExecContext(ctx, `LOCK TABLE trending_tracks IN SHARE ROW EXCLUSIVE MODE`); err != nil {
			return fmt.Errorf("lock trending_tracks: %w", err)
		}
		if _, err := tx.NewDelete().Model((*trendingRow)(nil)).Where("true").Exec(ctx); err != nil {
			return fmt.Errorf("clear trending_tracks: %w", err)
		}
		rows := make([]trendingRow, len(tracks))
		for i, t := range tracks {
			rows[i] = trendingRow{Position: i + 1, TrackID: t.ID, Title: t.Title, Artist: t.Artist,
				AlbumArt: t.AlbumArt, PreviewURL: t.PreviewURL, Link: t.Link, FetchedAt: fetchedAt}
		}
		if _, err := tx.NewInsert().Model(&rows).Exec(ctx); err != nil {
			return fmt.Errorf("insert trending_tracks: %w", err)
		}
		return nil
	})
}

// Chart reads the chart in order.
func (s *TrendingTracks) Chart(ctx context.Context) (trending.Chart, error) {
	var rows []trendingRow
	if err := s.db.NewSelect().Model(&rows).Order("position").Scan(ctx); err != nil {
		return trending.Chart{}, err
	}
	c := trending.Chart{Tracks: make([]ports.TrendingTrack, 0, len(rows))}
	for _, r := range rows {
		c.Tracks = append(c.Tracks, ports.TrendingTrack{ID: r.TrackID, Title: r.Title, Artist: r.Artist,
			AlbumArt: r.AlbumArt, PreviewURL: r.PreviewURL, Link: r.Link})
		if c.UpdatedAt == nil {
			at := r.FetchedAt
			c.UpdatedAt = &at
		}
	}
	return c, nil
}

// Empty says whether no chart is stored yet.
func (s *TrendingTracks) Empty(ctx context.Context) (bool, error) {
	n, err := s.db.NewSelect().Model((*trendingRow)(nil)).Limit(1).Count(ctx)
	return n == 0, err
}

// RefreshTrendingArgs is the job refreshing the chart.
type RefreshTrendingArgs struct{}

// Kind is the job's stable name.
func (RefreshTrendingArgs) Kind() string { return "trending.refresh" }

// InsertOpts puts the job in the outside queue: it reads the chart from its outside source.
func (RefreshTrendingArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: plugin.QueueOutside}
}

// RefreshTrendingEvery is the refresh period.
const RefreshTrendingEvery = time.Hour

// RefreshTrendingWorker works trending.refresh; it is idempotent (the chart
// is replaced whole) and a failure keeps the previous chart (retried).
type RefreshTrendingWorker struct {
	river.WorkerDefaults[RefreshTrendingArgs]
	Refresh *trending.Refresh
}

// Work refreshes the chart.
func (w *RefreshTrendingWorker) Work(ctx context.Context, _ *river.Job[RefreshTrendingArgs]) error {
	_, err := w.Refresh.Handle(ctx)
	return err
}

// Timeout bounds one refresh: two requests of at most 15 s each, and the
// copy of each new album cover.
func (w *RefreshTrendingWorker) Timeout(*river.Job[RefreshTrendingArgs]) time.Duration {
	return 3 * time.Minute
}
