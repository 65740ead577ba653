package pgstore

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/platform/pgkit"
)

// RoomAdminRow is one room in the admin console.
type RoomAdminRow struct {
	ID               string     `json:"id"`
	Name             string     `json:"name"`
	HostID           string     `json:"host_id"`
	HostHandle       *string    `json:"host_handle"`
	TrackSource      string     `json:"track_source"`
	IsActive         bool       `json:"is_active"`
	ParticipantCount int        `json:"participant_count"`
	CreatedAt        time.Time  `json:"created_at"`
	EndedAt          *time.Time `json:"ended_at"`
}

// AdminQuery is a page of the admin list.
type AdminQuery struct {
	Sort   string
	Asc    bool
	Offset int
	Limit  int
	Search string // name contains, case ignored
	Active *bool
	IDs    []uuid.UUID
}

// AdminSortable are the columns the admin list sorts by.
var AdminSortable = map[string]string{
	"id": "r.id", "name": "r.name", "is_active": "r.is_active", "participant_count": "r.participant_count",
	"created_at": "r.created_at", "host_handle": "h.handle",
}

// AdminList reads one page and the total, paged in SQL.
func (s *Store) AdminList(ctx context.Context, q AdminQuery) ([]RoomAdminRow, int, error) {
	filtered := func() *bun.SelectQuery {
		sel := s.idb(ctx).NewSelect().TableExpr("listening_rooms AS r")
		if q.Search != "" {
			sel = sel.Where("lower(r.name) LIKE ?", pgkit.ContainsPattern(strings.ToLower(q.Search)))
		}
		if q.Active != nil {
			sel = sel.Where("r.is_active = ?", *q.Active)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("r.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	base := func() *bun.SelectQuery { return filtered().Join("LEFT JOIN profiles AS h ON h.id = r.host_id") }
	page := pgkit.AdminPage{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit}
	rows, total, err := pgkit.AdminList(ctx, base, "r.id, r.name, r.host_id, h.handle AS host_handle, r.track_source, r.is_active, r.participant_count, r.created_at, r.ended_at",
		AdminSortable, "r.created_at", "r.id", page, func(r roomAdminScan) int { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]RoomAdminRow, len(rows))
	for i, r := range rows {
		out[i] = RoomAdminRow{ID: r.ID.String(), Name: r.Name, HostID: r.HostID.String(), HostHandle: r.HostHandle,
			TrackSource: r.TrackSource, IsActive: r.IsActive, ParticipantCount: r.ParticipantCount,
			CreatedAt: r.CreatedAt.UTC(), EndedAt: utc(r.EndedAt)}
	}
	return out, total, nil
}

// roomAdminScan is one row as the admin list scans it.
type roomAdminScan struct {
	ID               uuid.UUID  `bun:"id"`
	Name             string     `bun:"name"`
	HostID           uuid.UUID  `bun:"host_id"`
	HostHandle       *string    `bun:"host_handle"`
	TrackSource      string     `bun:"track_source"`
	IsActive         bool       `bun:"is_active"`
	ParticipantCount int        `bun:"participant_count"`
	CreatedAt        time.Time  `bun:"created_at"`
	EndedAt          *time.Time `bun:"ended_at"`
	Total            int        `bun:"total"`
}
