package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/adminkit"
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

// AdminSortable are the columns the admin list sorts by.
var AdminSortable = map[string]string{
	"id": "r.id", "name": "r.name", "is_active": "r.is_active", "participant_count": "r.participant_count",
	"created_at": "r.created_at", "host_handle": "h.handle",
}

// AdminNarrowing is how the admin list searches (the name, case ignored)
// and filters rooms.
var AdminNarrowing = adminkit.Narrowing{ID: "r.id", Search: "lower(r.name) LIKE lower(?)",
	Filters: []adminkit.Filter{{Key: "is_active", Kind: adminkit.Bool, Where: "r.is_active = ?"}}}

// AdminList reads one page and the total, paged in SQL.
func (s *Store) AdminList(ctx context.Context, q adminkit.SQLQuery) ([]RoomAdminRow, int, error) {
	return adminkit.SQLTable[roomAdminScan, RoomAdminRow]{
		From: func(ctx context.Context) *bun.SelectQuery {
			return s.idb(ctx).NewSelect().TableExpr("listening_rooms AS r").Join("LEFT JOIN profiles AS h ON h.id = r.host_id")
		},
		Columns:  "r.id, r.name, r.host_id, h.handle AS host_handle, r.track_source, r.is_active, r.participant_count, r.created_at, r.ended_at",
		Sortable: AdminSortable, DefaultSort: "r.created_at", Key: "r.id", Narrowing: AdminNarrowing,
		Total: func(r roomAdminScan) int { return r.Total },
		Row: func(r roomAdminScan) RoomAdminRow {
			return RoomAdminRow{ID: r.ID.String(), Name: r.Name, HostID: r.HostID.String(), HostHandle: r.HostHandle,
				TrackSource: r.TrackSource, IsActive: r.IsActive, ParticipantCount: r.ParticipantCount,
				CreatedAt: r.CreatedAt.UTC(), EndedAt: utc(r.EndedAt)}
		},
	}.List(ctx, q)
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
