package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/uptrace/bun"

	"social/core/ports"
	postsstore "social/features/posts/pgstore"
	search "social/features/search/app"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// SearchIndexArgs is the job bringing one search document in line with the
// database.
type SearchIndexArgs struct {
	DocKind ports.SearchKind `json:"kind"`
	ID      string           `json:"id"`
}

// Kind is the job's stable name.
func (SearchIndexArgs) Kind() string { return "search.index" }

// SearchIndexWorker works search.index. It reads the row when it runs, not
// when the job was enqueued, so jobs may run late, twice or out of order:
// the index ends as the database is. A kind nobody can read is final.
type SearchIndexWorker struct {
	river.WorkerDefaults[SearchIndexArgs]
	Index *search.IndexDoc
}

// Work upserts or deletes the document.
func (w *SearchIndexWorker) Work(ctx context.Context, job *river.Job[SearchIndexArgs]) error {
	err := w.Index.Handle(ctx, job.Args.DocKind, job.Args.ID)
	if errors.Is(err, search.ErrUnknownKind) {
		return river.JobCancel(err)
	}
	return err
}

// SearchIndexQueue enqueues search.index in the caller's transaction
// (ports.SearchIndexQueue).
type SearchIndexQueue struct{ Jobs *pgkit.JobInserter }

var _ ports.SearchIndexQueue = SearchIndexQueue{}

// EnqueueIndex enqueues the job of one document. Jobs are not made unique:
// a job already running may have read the row before this change, so the
// new one must run too (doing it twice is harmless).
func (q SearchIndexQueue) EnqueueIndex(ctx context.Context, kind ports.SearchKind, id string) error {
	if kind == "" || id == "" {
		return fmt.Errorf("enqueue search.index: kind %q, id %q", kind, id)
	}
	return q.Jobs.Insert(ctx, SearchIndexArgs{DocKind: kind, ID: id}, &river.InsertOpts{MaxAttempts: 10})
}

// SearchSource reads search documents from profiles and posts: one at a
// time for the job (search.DocLoader), in pages for a rebuild
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
			Where("p.visibility = 'public' AND p.text_content IS NOT NULL" + postsstore.AuthorActive), nil
	}
	return nil, fmt.Errorf("%w: %q", search.ErrUnknownKind, kind)
}

// LoadSearchDoc reads one document; found is false when the row is gone
// or not searchable (a malformed ID names no row).
func (s *SearchSource) LoadSearchDoc(ctx context.Context, kind ports.SearchKind, id string) (ports.SearchDoc, bool, error) {
	if p, ok := s.plugins[kind]; ok {
		return p.Load(ctx, id)
	}
	q, err := s.query(ctx, kind)
	if err != nil {
		return ports.SearchDoc{}, false, err
	}
	uid, err := uuid.Parse(id)
	if err != nil {
		return ports.SearchDoc{}, false, nil
	}
	var rows []searchRow
	if err := q.Where("p.id = ?", uid).Scan(ctx, &rows); err != nil {
		return ports.SearchDoc{}, false, err
	}
	if len(rows) == 0 {
		return ports.SearchDoc{}, false, nil
	}
	return rows[0].doc(kind), true, nil
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
