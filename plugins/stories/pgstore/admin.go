package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/kit/adminkit"
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
	return adminkit.SQLTable[storyAdminScan, StoryAdminRow]{
		From: func(ctx context.Context) *bun.SelectQuery {
			return s.idb(ctx).NewSelect().TableExpr("stories AS s").Join("LEFT JOIN profiles AS p ON p.id = s.author_id")
		},
		Columns:  "s.id, s.author_id, p.handle AS author_handle, s.text, s.view_count, s.created_at, s.expires_at",
		Sortable: AdminSortable, DefaultSort: "s.created_at", Key: "s.id", Narrowing: AdminNarrowing,
		Total: func(r storyAdminScan) int { return r.Total },
		Row: func(r storyAdminScan) StoryAdminRow {
			return StoryAdminRow{ID: r.ID.String(), AuthorID: r.AuthorID.String(), AuthorHandle: r.AuthorHandle,
				Text: r.Text, ViewCount: r.ViewCount, CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}
		},
	}.List(ctx, q)
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
