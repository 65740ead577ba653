package pgstore

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/ports"
	search "social/features/search/app"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// SearchSource reads search documents from profiles and posts: by ID for
// the indexer (search.DocLoader), in pages for a rebuild
// (search.DocLister). Kinds the core does not own are read by the enabled
// plugins' plugin.SearchSource; without one, such a kind is unknown.
type SearchSource struct {
	db      *bun.DB
	plugins map[ports.SearchKind]plugin.SearchSource
	kinds   []ports.SearchKind
}

// NewSearchSource makes the source on db, with the plugins' sources of the
// kinds core does not read.
func NewSearchSource(db *bun.DB, sources ...plugin.SearchSource) *SearchSource {
	s := &SearchSource{db: db, plugins: map[ports.SearchKind]plugin.SearchSource{}}
	var contributed []ports.SearchKind
	for _, p := range sources {
		if p.Kind == ports.SearchUser || p.Kind == ports.SearchPost || p.Kind == "" {
			continue
		}
		s.plugins[p.Kind] = p
		contributed = append(contributed, p.Kind)
	}
	s.kinds = ports.SearchKindsWith(contributed...)
	return s
}

var (
	_ search.DocLoader = (*SearchSource)(nil)
	_ search.DocLister = (*SearchSource)(nil)
)

// searchRow is a profile or a post with its author, as search shows them.
type searchRow struct {
	ID                uuid.UUID `bun:"id"`
	Handle            string    `bun:"handle"`
	DisplayName       string    `bun:"display_name"`
	AvatarPath        *string   `bun:"avatar_path"`
	IsVerified        bool      `bun:"is_verified"`
	TextContent       *string   `bun:"text_content"`
	Visibility        string    `bun:"visibility"`
	AuthorHandle      *string   `bun:"author_handle"`
	AuthorDisplayName *string   `bun:"author_display_name"`
}

func (r searchRow) doc(kind ports.SearchKind) ports.SearchDoc {
	d := ports.SearchDoc{Kind: kind, ID: r.ID.String()}
	switch kind {
	case ports.SearchUser:
		d.Handle, d.DisplayName, d.Verified = r.Handle, r.DisplayName, r.IsVerified
		if r.AvatarPath != nil {
			d.AvatarPath = *r.AvatarPath
		}
	case ports.SearchPost:
		d.Public = r.Visibility == "public" && r.TextContent != nil
		if r.TextContent != nil {
			d.Text = *r.TextContent
		}
		if r.AuthorHandle != nil && r.AuthorDisplayName != nil {
			d.AuthorHandle, d.AuthorDisplayName = *r.AuthorHandle, *r.AuthorDisplayName
		}
	}
	return d
}

// Kinds are the kinds this source reads, in the order results are shown.
func (s *SearchSource) Kinds() []ports.SearchKind { return s.kinds }

// query selects the searchable rows of kind: every profile; posts that are
// public, have text and whose author is not suspended. Deleted accounts'
// profiles are tombstones, never found.
func (s *SearchSource) query(ctx context.Context, kind ports.SearchKind) (*bun.SelectQuery, error) {
	db := pgkit.IDB(ctx, s.db)
	switch kind {
	case ports.SearchUser:
		return db.NewSelect().TableExpr("profiles AS p").
			Column("p.id", "p.handle", "p.display_name", "p.avatar_path", "p.is_verified").
			Where("NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL)"), nil
	case ports.SearchPost:
		return db.NewSelect().TableExpr("posts AS p").
			Join("LEFT JOIN profiles AS a ON a.id = p.author_id").
			Column("p.id", "p.text_content", "p.visibility").
			ColumnExpr("a.handle AS author_handle, a.display_name AS author_display_name").
			Where("p.visibility = 'public' AND p.text_content IS NOT NULL" + authorActive), nil
	}
	return nil, fmt.Errorf("%w: %q", search.ErrUnknownKind, kind)
}

// LoadSearchDocs reads the documents of kind with ids that search may
// hold; an ID whose row is gone, is not searchable or is malformed is not
// among them. The core's kinds take one statement; a plugin's kind is read
// one document at a time through its source.
func (s *SearchSource) LoadSearchDocs(ctx context.Context, kind ports.SearchKind, ids []string) ([]ports.SearchDoc, error) {
	if p, ok := s.plugins[kind]; ok {
		var docs []ports.SearchDoc
		for _, id := range ids {
			d, found, err := p.Load(ctx, id)
			if err != nil {
				return nil, err
			}
			if found {
				docs = append(docs, d)
			}
		}
		return docs, nil
	}
	q, err := s.query(ctx, kind)
	if err != nil {
		return nil, err
	}
	uids := make([]uuid.UUID, 0, len(ids))
	for _, id := range ids {
		if uid, err := uuid.Parse(id); err == nil {
			uids = append(uids, uid)
		}
	}
	if len(uids) == 0 {
		return nil, nil
	}
	var rows []searchRow
	if err := q.Where("p.id IN (?)", bun.In(uids)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	docs := make([]ports.SearchDoc, 0, len(rows))
	for _, r := range rows {
		docs = append(docs, r.doc(kind))
	}
	return docs, nil
}

// CountSearchDocs counts the searchable rows of kind.
func (s *SearchSource) CountSearchDocs(ctx context.Context, kind ports.SearchKind) (int, error) {
	if p, ok := s.plugins[kind]; ok {
		return p.Count(ctx)
	}
	q, err := s.query(ctx, kind)
	if err != nil {
		return 0, err
	}
	n, err := q.Count(ctx)
	return int(n), err
}

// ListSearchDocs pages through the searchable rows of kind by ID.
func (s *SearchSource) ListSearchDocs(ctx context.Context, kind ports.SearchKind, after string, limit int) ([]ports.SearchDoc, error) {
	if p, ok := s.plugins[kind]; ok {
		return p.List(ctx, after, limit)
	}
	q, err := s.query(ctx, kind)
	if err != nil {
		return nil, err
	}
	if after != "" {
		uid, err := uuid.Parse(after)
		if err != nil {
			return nil, fmt.Errorf("page after %q: %w", after, err)
		}
		q = q.Where("p.id > ?", uid)
	}
	var rows []searchRow
	if err := q.OrderExpr("p.id").Limit(int64(limit)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	docs := make([]ports.SearchDoc, 0, len(rows))
	for _, r := range rows {
		docs = append(docs, r.doc(kind))
	}
	return docs, nil
}

// authorActive keeps out the posts of suspended and deleted authors, as
// the posts' own reads do.
var authorActive = pgkit.ActiveMember("p.author_id")
