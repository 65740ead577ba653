package pgstore

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

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

// AdminQuery is a page of the admin list.
type AdminQuery struct {
	Sort   string
	Asc    bool
	Offset int
	Limit  int
	Search string // text contains, case ignored
	Author *uuid.UUID
	IDs    []uuid.UUID
}

// AdminSortable are the columns the admin list sorts by.
var AdminSortable = map[string]string{
	"id": "s.id", "view_count": "s.view_count", "created_at": "s.created_at", "expires_at": "s.expires_at",
	"author_handle": "p.handle",
}

// AdminList reads one page and the total, paged in SQL.
func (s *Store) AdminList(ctx context.Context, q AdminQuery) ([]StoryAdminRow, int, error) {
	filtered := func() *bun.SelectQuery {
		sel := s.idb(ctx).NewSelect().TableExpr("stories AS s")
		if q.Search != "" {
			sel = sel.Where("lower(s.text) LIKE ?", pgkit.ContainsPattern(strings.ToLower(q.Search)))
		}
		if q.Author != nil {
			sel = sel.Where("s.author_id = ?", *q.Author)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("s.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	base := func() *bun.SelectQuery { return filtered().Join("LEFT JOIN profiles AS p ON p.id = s.author_id") }
	page := pgkit.AdminPage{Sort: q.Sort, Asc: q.Asc, Offset: q.Offset, Limit: q.Limit}
	rows, total, err := pgkit.AdminList(ctx, base, "s.id, s.author_id, p.handle AS author_handle, s.text, s.view_count, s.created_at, s.expires_at",
		AdminSortable, "s.created_at", "s.id", page, func(r storyAdminScan) int { return r.Total })
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
