// Package pgstore keeps what only the Mastodon client API stores (the
// markers), on PostgreSQL (bun).
package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	"social/platform/pgkit"
	"social/plugins/mastodon/app"
)

// Store implements the plugin's ports.
type Store struct{ pgkit.PluginStore }

// New makes the store on db.
func New(db *bun.DB) *Store { return &Store{pgkit.NewPluginStore(db)} }

var _ app.MarkerStore = (*Store)(nil)

type markerRow struct {
	Timeline   string    `bun:"timeline"`
	LastReadID string    `bun:"last_read_id"`
	Version    int       `bun:"version"`
	UpdatedAt  time.Time `bun:"updated_at"`
}

func (r markerRow) marker() app.Marker {
	return app.Marker{Timeline: r.Timeline, LastReadID: r.LastReadID, Version: r.Version, UpdatedAt: r.UpdatedAt.UTC()}
}

// Markers reads member's markers of timelines.
func (s *Store) Markers(ctx context.Context, member domain.UserID, timelines []string) ([]app.Marker, error) {
	var rows []markerRow
	err := s.IDB(ctx).NewRaw(`SELECT timeline, last_read_id, version, updated_at FROM mastodon_markers
		WHERE account_id = ? AND timeline = ANY(?) ORDER BY timeline`, uuid.UUID(member), pgdialect.Array(timelines)).Scan(ctx, &rows)
	out := make([]app.Marker, len(rows))
	for i, r := range rows {
		out[i] = r.marker()
	}
	return out, err
}

// SaveMarker upserts member's marker of timeline, its version one more.
func (s *Store) SaveMarker(ctx context.Context, member domain.UserID, timeline, lastReadID string, at time.Time) (app.Marker, error) {
	var r markerRow
	err := s.IDB(ctx).NewRaw(`INSERT INTO mastodon_markers (account_id, timeline, last_read_id, version, updated_at)
		VALUES (?, ?, ?, 1, ?)
		ON CONFLICT (account_id, timeline) DO UPDATE SET last_read_id = EXCLUDED.last_read_id,
			version = mastodon_markers.version + 1, updated_at = EXCLUDED.updated_at
		RETURNING timeline, last_read_id, version, updated_at`, uuid.UUID(member), timeline, lastReadID, at).Scan(ctx, &r)
	return r.marker(), err
}
