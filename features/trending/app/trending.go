// Package app keeps the trending-music chart: a periodic refresh from
// ports.TrendingSource into the database, and the list members read.
package app

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
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

// ArtPrefix starts the storage key of every album cover the chart keeps.
const ArtPrefix = "trending/"

// ImageCopier keeps the server's copy of an image at an outside address
// under base plus its extension and answers the key
// (media.CopyRemoteImage, through the SSRF-safe client); errors wrapping
// ports.ErrRemoteImageRefused are final.
type ImageCopier interface {
	Handle(ctx context.Context, rawURL, base string) (string, error)
}

// BlobRemover deletes a stored file (ports.BlobStore).
type BlobRemover interface {
	Delete(ctx context.Context, key string) error
}

// Refresh reads the chart from the source and replaces the stored one. A
// failure leaves the stored chart as it was; running it twice stores the
// same chart twice.
//
// Members' browsers load nothing from the chart provider: each album cover
// is copied into media storage (once: a cover already copied for the
// stored chart is kept) and the chart keeps its key; a cover that cannot
// be copied is left out, and tried again at the next refresh. A preview
// clip keeps the provider's https address: it is audio the browser loads
// only when a member presses play (the member app's player), which the
// Content-Security-Policy's media-src admits (newMediaSources).
type Refresh struct {
	Source ports.TrendingSource
	Store  ChartStore
	Clock  ports.Clock
	// Images copies the covers; nil leaves every cover out.
	Images ImageCopier
	// Blobs, when set, removes covers the new chart no longer shows.
	Blobs BlobRemover
	Log   *slog.Logger
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
	previous, err := uc.Store.Chart(ctx)
	if err != nil {
		return 0, fmt.Errorf("read trending chart: %w", err)
	}
	kept := map[string]bool{}
	for i := range tracks {
		tracks[i].PreviewURL = httpsOnly(tracks[i].PreviewURL)
		tracks[i].AlbumArt = uc.copyArt(ctx, tracks[i].AlbumArt, previous.Tracks)
		if tracks[i].AlbumArt != "" {
			kept[tracks[i].AlbumArt] = true
		}
	}
	if err := uc.Store.Replace(ctx, tracks, uc.Clock.Now()); err != nil {
		return 0, fmt.Errorf("store trending songs: %w", err)
	}
	if uc.Blobs != nil {
		for _, t := range previous.Tracks {
			if strings.HasPrefix(t.AlbumArt, ArtPrefix) && !kept[t.AlbumArt] {
				if err := uc.Blobs.Delete(ctx, t.AlbumArt); err != nil {
					uc.logger().WarnContext(ctx, "trending: remove old album cover", "key", t.AlbumArt, "err", err)
				}
			}
		}
	}
	return len(tracks), nil
}

// copyArt answers the key of the server's copy of the cover at rawURL, or
// "" when there is none.
func (uc *Refresh) copyArt(ctx context.Context, rawURL string, previous []ports.TrendingTrack) string {
	if uc.Images == nil || strings.TrimSpace(rawURL) == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(rawURL))
	base := ArtPrefix + hex.EncodeToString(sum[:16])
	for _, t := range previous {
		if strings.HasPrefix(t.AlbumArt, base+".") {
			return t.AlbumArt
		}
	}
	key, err := uc.Images.Handle(ctx, rawURL, base)
	if err != nil {
		level := slog.LevelWarn
		if errors.Is(err, ports.ErrRemoteImageRefused) {
			level = slog.LevelInfo
		}
		uc.logger().Log(ctx, level, "trending: song without its album cover", "err", err)
		return ""
	}
	return key
}

func (uc *Refresh) logger() *slog.Logger {
	if uc.Log == nil {
		return slog.Default()
	}
	return uc.Log
}

// List reads the stored chart (no outside call).
type List struct {
	Store ChartStore
}

// Handle returns the chart, each cover as its storage key. With no chart stored (the source has never
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
	// A chart stored before covers were copied still names the
	// provider's cover addresses: those are not shown.
	for i := range c.Tracks {
		c.Tracks[i].PreviewURL = httpsOnly(c.Tracks[i].PreviewURL)
		if !strings.HasPrefix(c.Tracks[i].AlbumArt, ArtPrefix) {
			c.Tracks[i].AlbumArt = ""
		}
	}
	return c, nil
}

// httpsOnly keeps an https preview address and drops any other.
func httpsOnly(raw string) string {
	if strings.HasPrefix(strings.ToLower(raw), "https://") {
		return raw
	}
	return ""
}
