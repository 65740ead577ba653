package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/adminkit"
)

// AdminRow is one community in the admin console.
type AdminRow struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Privacy     string    `json:"privacy"`
	MemberCount int       `json:"member_count"`
	OwnerID     string    `json:"owner_id"`
	OwnerHandle *string   `json:"owner_handle"`
	CreatedAt   time.Time `json:"created_at"`
}

// AdminSortable are the columns the admin list sorts by.
var AdminSortable = map[string]string{
	"id": "c.id", "name": "c.name", "privacy": "c.privacy", "member_count": "c.member_count",
	"created_at": "c.created_at", "owner_handle": "o.handle",
}

type adminRow struct {
	ID          uuid.UUID `bun:"id"`
	Name        string    `bun:"name"`
	Privacy     string    `bun:"privacy"`
	MemberCount int       `bun:"member_count"`
	OwnerID     uuid.UUID `bun:"owner_id"`
	OwnerHandle *string   `bun:"owner_handle"`
	CreatedAt   time.Time `bun:"created_at"`
	Total       int       `bun:"total"`
}

// AdminNarrowing is how the admin list searches (the name, case and
// accents ignored) and filters communities.
var AdminNarrowing = adminkit.Narrowing{ID: "c.id", Search: "lower(immutable_unaccent(c.name)) LIKE lower(immutable_unaccent(?))",
	Filters: []adminkit.Filter{{Key: "privacy", Kind: adminkit.Text, Where: "c.privacy = ?"}}}

// AdminList reads one page and the total, paged in SQL.
func (s *Store) AdminList(ctx context.Context, q adminkit.SQLQuery) ([]AdminRow, int, error) {
	return adminkit.SQLTable[adminRow, AdminRow]{
		From: func(ctx context.Context) *bun.SelectQuery {
			return s.idb(ctx).NewSelect().TableExpr("communities AS c").Join("LEFT JOIN profiles AS o ON o.id = c.owner_id")
		},
		Columns:  "c.id, c.name, c.privacy, c.member_count, c.owner_id, c.created_at, o.handle AS owner_handle",
		Sortable: AdminSortable, DefaultSort: "c.created_at", Key: "c.id", Narrowing: AdminNarrowing,
		Total: func(r adminRow) int { return r.Total },
		Row: func(r adminRow) AdminRow {
			return AdminRow{ID: r.ID.String(), Name: r.Name, Privacy: r.Privacy, MemberCount: r.MemberCount,
				OwnerID: r.OwnerID.String(), OwnerHandle: r.OwnerHandle, CreatedAt: r.CreatedAt.UTC()}
		},
	}.List(ctx, q)
}
