package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/adminkit"
	"social/platform/pgkit"
)

// StoryAdminRow is one story in the admin console (expired ones too, until
// the expiry job deletes them).
type StoryAdminRow struct {
	ID           string    `json:"id"`
	AuthorID     string    `json:"author_id"`
	AuthorHandle *string   `json:"author_handle"`
	Text         string    `json:"text"`
	ViewCount    int       `json:"view_count"`
	CreatedAt    time.Time `json:"created_at"`
	ExpiresAt    time.Time `json:"expires_at"`
}

// AdminSortable are the columns the admin list sorts by.
var AdminSortable = map[string]string{
	"id": "s.id", "view_count": "s.view_count", "created_at": "s.created_at", "expires_at": "s.expires_at",
	"author_handle": "p.handle",
}

// AdminNarrowing is how the admin list searches (the text, case ignored)
// and filters stories.
var AdminNarrowing = adminkit.Narrowing{ID: "s.id", Search: "lower(s.text) LIKE lower(?)",
	Filters: []adminkit.Filter{{Key: "author_id", Kind: adminkit.ID, Where: "s.author_id = ?"}}}

// AdminList reads one page and the total, paged in SQL.
func (s *Store) AdminList(ctx context.Context, q adminkit.SQLQuery) ([]StoryAdminRow, int, error) {
	base := func() *bun.SelectQuery {
		sel := s.idb(ctx).NewSelect().TableExpr("stories AS s").Join("LEFT JOIN profiles AS p ON p.id = s.author_id")
		return AdminNarrowing.Apply(sel, q)
	}
	rows, total, err := pgkit.AdminList(ctx, base, "s.id, s.author_id, p.handle AS author_handle, s.text, s.view_count, s.created_at, s.expires_at",
		AdminSortable, "s.created_at", "s.id", q.Page(), func(r storyAdminScan) int { return r.Total })
	if err != nil {
		return nil, 0, err
	}
	out := make([]StoryAdminRow, len(rows))
	for i, r := range rows {
		out[i] = StoryAdminRow{ID: r.ID.String(), AuthorID: r.AuthorID.String(), AuthorHandle: r.AuthorHandle,
			Text: r.Text, ViewCount: r.ViewCount, CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}
	}
	return out, total, nil
}

// storyAdminScan is one row as the admin list scans it.
type storyAdminScan struct {
	ID           uuid.UUID `bun:"id"`
	AuthorID     uuid.UUID `bun:"author_id"`
	AuthorHandle *string   `bun:"author_handle"`
	Text         string    `bun:"text"`
	ViewCount    int       `bun:"view_count"`
	CreatedAt    time.Time `bun:"created_at"`
	ExpiresAt    time.Time `bun:"expires_at"`
	Total        int       `bun:"total"`
}
