package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"

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

// AdminList is the console's stories, searched by text (case ignored) and
// filtered by author.
var AdminList = adminkit.SQLList{
	From:    "stories AS s LEFT JOIN profiles AS p ON p.id = s.author_id",
	Columns: "s.id, s.author_id, p.handle AS author_handle, s.text, s.view_count, s.created_at, s.expires_at",
	Sortable: map[string]string{
		"id": "s.id", "view_count": "s.view_count", "created_at": "s.created_at", "expires_at": "s.expires_at",
		"author_handle": "p.handle",
	},
	DefaultSort: "created_at",
	Narrowing: adminkit.Narrowing{ID: "s.id", Search: "lower(s.text) LIKE lower(?)",
		Filters: []adminkit.Filter{{Key: "author_id", Kind: adminkit.ID, Where: "s.author_id = ?"}}},
}

// AdminRows reads one page of AdminList and the total, paged in SQL.
func (s *Store) AdminRows(ctx context.Context, q adminkit.SQLQuery) ([]StoryAdminRow, int, error) {
	return adminkit.ListAs(ctx, s.IDB(ctx), AdminList, q, func(r storyAdminScan) StoryAdminRow {
		return StoryAdminRow{ID: r.ID.String(), AuthorID: r.AuthorID.String(), AuthorHandle: r.AuthorHandle,
			Text: r.Text, ViewCount: r.ViewCount, CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}
	})
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
	adminkit.Matching
}
