package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"

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

// AdminList is the console's rooms, searched by name (case ignored) and
// filtered by whether they are live.
var AdminList = adminkit.SQLList{
	From: "listening_rooms AS r LEFT JOIN profiles AS h ON h.id = r.host_id",
	Columns: "r.id, r.name, r.host_id, h.handle AS host_handle, r.track_source, r.is_active, r.participant_count, " +
		"r.created_at, r.ended_at",
	Sortable: map[string]string{
		"id": "r.id", "name": "r.name", "is_active": "r.is_active", "participant_count": "r.participant_count",
		"created_at": "r.created_at", "host_handle": "h.handle",
	},
	DefaultSort: "created_at",
	Narrowing: adminkit.Narrowing{ID: "r.id", Search: "lower(r.name) LIKE lower(?)",
		Filters: []adminkit.Filter{{Key: "is_active", Kind: adminkit.Bool, Where: "r.is_active = ?"}}},
}

// AdminRows reads one page of AdminList and the total, paged in SQL.
func (s *Store) AdminRows(ctx context.Context, q adminkit.SQLQuery) ([]RoomAdminRow, int, error) {
	return adminkit.ListAs(ctx, s.IDB(ctx), AdminList, q, func(r roomAdminScan) RoomAdminRow {
		return RoomAdminRow{ID: r.ID.String(), Name: r.Name, HostID: r.HostID.String(), HostHandle: r.HostHandle,
			TrackSource: r.TrackSource, IsActive: r.IsActive, ParticipantCount: r.ParticipantCount,
			CreatedAt: r.CreatedAt.UTC(), EndedAt: utc(r.EndedAt)}
	})
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
	adminkit.Matching
}
