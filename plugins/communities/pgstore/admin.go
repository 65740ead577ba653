package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/adapters/postgres"
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

// AdminQuery is a page of the admin list: sort column (one of
// AdminSortable), range, and filters.
type AdminQuery struct {
	Sort    string
	Asc     bool
	Offset  int
	Limit   int
	Search  string // name contains, case and accents ignored
	Privacy string
	IDs     []uuid.UUID
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

// AdminList reads one page and the total, paged in SQL.
func (s *Store) AdminList(ctx context.Context, q AdminQuery) ([]AdminRow, int, error) {
	filtered := func() *bun.SelectQuery {
		sel := s.idb(ctx).NewSelect().TableExpr("communities AS c")
		if q.Search != "" {
			sel = sel.Where("lower(immutable_unaccent(c.name)) LIKE lower(immutable_unaccent(?))", postgres.ContainsPattern(q.Search))
		}
		if q.Privacy != "" {
			sel = sel.Where("c.privacy = ?", q.Privacy)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("c.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	sel := filtered().Join("LEFT JOIN profiles AS o ON o.id = c.owner_id").
		ColumnExpr("c.id, c.name, c.privacy, c.member_count, c.owner_id, c.created_at, o.handle AS owner_handle").
		ColumnExpr("count(*) OVER () AS total")
	col, ok := AdminSortable[q.Sort]
	if !ok {
		col = "c.created_at"
	}
	dir := " DESC"
	if q.Asc {
		dir = " ASC"
	}
	sel = sel.OrderExpr(col + dir).OrderExpr("c.id" + dir).Offset(int64(q.Offset)).Limit(int64(q.Limit))
	var rows []adminRow
	if err := sel.Scan(ctx, &rows); err != nil {
		return nil, 0, err
	}
	out := make([]AdminRow, len(rows))
	total := 0
	for i, r := range rows {
		total = r.Total
		out[i] = AdminRow{ID: r.ID.String(), Name: r.Name, Privacy: r.Privacy, MemberCount: r.MemberCount,
			OwnerID: r.OwnerID.String(), OwnerHandle: r.OwnerHandle, CreatedAt: r.CreatedAt.UTC()}
	}
	if len(rows) == 0 && q.Offset > 0 {
		// A page past the end still says how many there are.
		n, err := filtered().Count(ctx)
		return out, int(n), err
	}
	return out, total, nil
}
