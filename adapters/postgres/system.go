package postgres

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"
)

// SystemStats reads figures about the installation itself for the admin
// dashboard: the database's size and the job queue by state.
type SystemStats struct{ db *bun.DB }

// NewSystemStats reads through db.
func NewSystemStats(db *bun.DB) *SystemStats { return &SystemStats{db: db} }

// DatabaseSize is the current database's size on disk, in bytes.
func (s *SystemStats) DatabaseSize(ctx context.Context) (int64, error) {
	var n int64
	if err := s.db.NewRaw("SELECT pg_database_size(current_database())").Scan(ctx, &n); err != nil {
		return 0, fmt.Errorf("database size: %w", err)
	}
	return n, nil
}

// JobsByState counts River's jobs per state.
func (s *SystemStats) JobsByState(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		State string `bun:"state"`
		N     int64  `bun:"n"`
	}
	if err := s.db.NewRaw("SELECT state::text AS state, count(*) AS n FROM river_job GROUP BY state").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("count jobs: %w", err)
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.State] = r.N
	}
	return out, nil
}
