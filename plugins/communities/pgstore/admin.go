package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/adminkit"
	"social/platform/pgkit"
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
	base := func() *bun.SelectQuery {
		sel := s.idb(ctx).NewSelect().TableExpr("communities AS c").Join("LEFT JOIN profiles AS o ON o.id = c.owner_id")
		return AdminNarrowing.Apply(sel, q)
	}
	rows, total, err := pgkit.AdminList(ctx, base, "c.id, c.name, c.privacy, c.member_count, c.owner_id, c.created_at, o.handle AS owner_handle",
		AdminSortable, "c.created_at", "c.id", q.Page(), func(r adminRow) int { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]AdminRow, len(rows))
	for i, r := range rows {
		out[i] = AdminRow{ID: r.ID.String(), Name: r.Name, Privacy: r.Privacy, MemberCount: r.MemberCount,
			OwnerID: r.OwnerID.String(), OwnerHandle: r.OwnerHandle, CreatedAt: r.CreatedAt.UTC()}
	}
	return out, total, nil
}
