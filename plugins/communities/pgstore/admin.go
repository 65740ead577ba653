package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"

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

type adminRow struct {
	ID          uuid.UUID `bun:"id"`
	Name        string    `bun:"name"`
	Privacy     string    `bun:"privacy"`
	MemberCount int       `bun:"member_count"`
	OwnerID     uuid.UUID `bun:"owner_id"`
	OwnerHandle *string   `bun:"owner_handle"`
	CreatedAt   time.Time `bun:"created_at"`
	adminkit.Matching
}

// AdminList is the console's communities, searched by name (case and
// accents ignored) and filtered by privacy.
var AdminList = adminkit.SQLList{
	From:    "communities AS c LEFT JOIN profiles AS o ON o.id = c.owner_id",
	Columns: "c.id, c.name, c.privacy, c.member_count, c.owner_id, c.created_at, o.handle AS owner_handle",
	Sortable: map[string]string{
		"id": "c.id", "name": "c.name", "privacy": "c.privacy", "member_count": "c.member_count",
		"created_at": "c.created_at", "owner_handle": "o.handle",
	},
	DefaultSort: "created_at",
	Narrowing: adminkit.Narrowing{ID: "c.id", Search: "lower(immutable_unaccent(c.name)) LIKE lower(immutable_unaccent(?))",
		Filters: []adminkit.Filter{{Key: "privacy", Kind: adminkit.Text, Where: "c.privacy = ?"}}},
}

// AdminRows reads one page of AdminList and the total, paged in SQL.
func (s *Store) AdminRows(ctx context.Context, q adminkit.SQLQuery) ([]AdminRow, int, error) {
	return adminkit.ListAs(ctx, s.IDB(ctx), AdminList, q, func(r adminRow) AdminRow {
		return AdminRow{ID: r.ID.String(), Name: r.Name, Privacy: r.Privacy, MemberCount: r.MemberCount,
			OwnerID: r.OwnerID.String(), OwnerHandle: r.OwnerHandle, CreatedAt: r.CreatedAt.UTC()}
	})
}
