package postgres

import (
	"context"
	"fmt"
	"time"

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

// CommunityTotals are the figures of the network the dashboard shows.
type CommunityTotals struct {
	Members     int64 `json:"members"`
	Suspended   int64 `json:"suspended"`
	Moderators  int64 `json:"staff" doc:"Moderators and administrators"`
	Posts       int64 `json:"posts"`
	Comments    int64 `json:"comments"`
	OpenReports int64 `json:"open_reports"`
}

// Totals counts members, posts, comments and open reports.
func (s *SystemStats) Totals(ctx context.Context) (CommunityTotals, error) {
	var t CommunityTotals
	err := s.db.NewRaw(`SELECT
		(SELECT count(*) FROM accounts) AS members,
		(SELECT count(*) FROM accounts WHERE suspended_at IS NOT NULL) AS suspended,
		(SELECT count(*) FROM accounts WHERE role <> 'member') AS moderators,
		(SELECT count(*) FROM posts) AS posts,
		(SELECT count(*) FROM comments) AS comments,
		(SELECT count(*) FROM reports WHERE status = 'open') AS open_reports`).
		Scan(ctx, &t.Members, &t.Suspended, &t.Moderators, &t.Posts, &t.Comments, &t.OpenReports)
	if err != nil {
		return t, fmt.Errorf("totals: %w", err)
	}
	return t, nil
}

// DayCount is how many of something happened on one UTC day.
type DayCount struct {
	Day   string `json:"day" doc:"YYYY-MM-DD, UTC"`
	Count int64  `json:"count"`
}

// PerDay counts sign-ups and posts on each of the last days UTC days up to
// and including until's, zeros included, oldest first.
func (s *SystemStats) PerDay(ctx context.Context, until time.Time, days int) (signUps, posts []DayCount, err error) {
	end := until.UTC().Truncate(24*time.Hour).AddDate(0, 0, 1)
	start := end.AddDate(0, 0, -days)
	read := func(table string) ([]DayCount, error) {
		var rows []DayCount
		err := s.db.NewRaw(`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(t.created_at) AS count
			FROM generate_series(?::timestamptz, ?::timestamptz - interval '1 day', interval '1 day') AS d(day)
			LEFT JOIN `+table+` t ON t.created_at >= d.day AND t.created_at < d.day + interval '1 day'
			GROUP BY d.day ORDER BY d.day`, start, end).Scan(ctx, &rows)
		if err != nil {
			return nil, fmt.Errorf("%s per day: %w", table, err)
		}
		return rows, nil
	}
	if signUps, err = read("accounts"); err != nil {
		return nil, nil, err
	}
	posts, err = read("posts")
	return signUps, posts, err
}
