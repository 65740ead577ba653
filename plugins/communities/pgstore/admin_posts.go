package pgstore

import (
	"context"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/adapters/postgres"
	"social/core/domain"
)

// AdminPostRow is one community post in the admin console.
type AdminPostRow struct {
	ID            string    `json:"id"`
	CommunityID   string    `json:"community_id"`
	CommunityName string    `json:"community_name"`
	AuthorID      string    `json:"author_id"`
	AuthorHandle  *string   `json:"author_handle"`
	TextContent   *string   `json:"text_content"`
	MediaPath     *string   `json:"media_path"`
	Type          string    `json:"type"`
	LikeCount     int       `json:"like_count"`
	CreatedAt     time.Time `json:"created_at"`
}

// AdminPostQuery is a page of community posts: sort (one of
// AdminPostSortable), range and filters.
type AdminPostQuery struct {
	Sort        string
	Asc         bool
	Offset      int
	Limit       int
	Search      string
	IDs         []uuid.UUID
	CommunityID *uuid.UUID
	Author      string // handle
	CreatedFrom *time.Time
	CreatedTo   *time.Time
}

// AdminPostSortable are the columns the community posts list sorts by.
var AdminPostSortable = map[string]string{
	"created_at": "p.created_at", "like_count": "p.like_count", "community_name": "c.name", "author_handle": "a.handle",
}

type adminPostRow struct {
	ID            uuid.UUID `bun:"id"`
	CommunityID   uuid.UUID `bun:"community_id"`
	CommunityName string    `bun:"community_name"`
	AuthorID      uuid.UUID `bun:"author_id"`
	AuthorHandle  *string   `bun:"author_handle"`
	TextContent   *string   `bun:"text_content"`
	MediaPath     *string   `bun:"media_path"`
	Type          string    `bun:"type"`
	LikeCount     int       `bun:"like_count"`
	CreatedAt     time.Time `bun:"created_at"`
	Total         int       `bun:"total"`
}

// AdminPosts reads one page of community posts and the total, in SQL.
func (s *Store) AdminPosts(ctx context.Context, q AdminPostQuery) ([]AdminPostRow, int, error) {
	filtered := func() *bun.SelectQuery {
		sel := s.idb(ctx).NewSelect().TableExpr("community_posts AS p").
			Join("JOIN communities AS c ON c.id = p.community_id").Join("LEFT JOIN profiles AS a ON a.id = p.author_id")
		if q.Search != "" {
			sel = sel.Where("lower(immutable_unaccent(p.text_content)) LIKE lower(immutable_unaccent(?))", postgres.ContainsPattern(q.Search))
		}
		if q.CommunityID != nil {
			sel = sel.Where("p.community_id = ?", *q.CommunityID)
		}
		if q.Author != "" {
			sel = sel.Where("a.handle = lower(?)", strings.TrimPrefix(strings.TrimSpace(q.Author), "@"))
		}
		if q.CreatedFrom != nil {
			sel = sel.Where("p.created_at >= ?", *q.CreatedFrom)
		}
		if q.CreatedTo != nil {
			sel = sel.Where("p.created_at < ?", *q.CreatedTo)
		}
		if len(q.IDs) > 0 {
			sel = sel.Where("p.id IN (?)", bun.In(q.IDs))
		}
		return sel
	}
	sel := filtered().ColumnExpr(`p.id, p.community_id, c.name AS community_name, p.author_id, a.handle AS author_handle,
		p.text_content, p.media_path, p.type, p.like_count, p.created_at`).ColumnExpr("count(*) OVER () AS total")
	col, ok := AdminPostSortable[q.Sort]
	if !ok {
		col = "p.created_at"
	}
	dir := " DESC"
	if q.Asc {
		dir = " ASC"
	}
	sel = sel.OrderExpr(col + dir).OrderExpr("p.id" + dir).Offset(int64(q.Offset)).Limit(int64(q.Limit))
	var rows []adminPostRow
	if err := sel.Scan(ctx, &rows); err != nil {
		return nil, 0, err
	}
	out := make([]AdminPostRow, len(rows))
	total := 0
	for i, r := range rows {
		total = r.Total
		out[i] = AdminPostRow{ID: r.ID.String(), CommunityID: r.CommunityID.String(), CommunityName: r.CommunityName,
			AuthorID: r.AuthorID.String(), AuthorHandle: r.AuthorHandle, TextContent: r.TextContent,
			MediaPath: r.MediaPath, Type: r.Type, LikeCount: r.LikeCount, CreatedAt: r.CreatedAt.UTC()}
	}
	if len(rows) == 0 && q.Offset > 0 {
		n, err := filtered().Count(ctx)
		return out, int(n), err
	}
	return out, total, nil
}

// PostCommunity is the community a post belongs to.
func (s *Store) PostCommunity(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	var rows []uuid.UUID
	if err := s.idb(ctx).NewRaw(`SELECT community_id FROM community_posts WHERE id = ?`, id).Scan(ctx, &rows); err != nil {
		return uuid.Nil, err
	}
	if len(rows) == 0 {
		return uuid.Nil, domain.ErrNotFound
	}
	return rows[0], nil
}
