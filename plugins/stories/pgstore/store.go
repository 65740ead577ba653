// Package pgstore keeps the stories plugin's tables on PostgreSQL (bun),
// joining the unit of work of the context like core's stores. It reads
// members through the core's views (member_cards, member_follows).
package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/platform/pgkit"
	"social/plugins/stories/app"
)

// Store implements app.Store.
type Store struct{ pgkit.PluginStore }

// New makes the store on db.
func New(db *bun.DB) *Store { return &Store{pgkit.NewPluginStore(db)} }

var _ app.Store = (*Store)(nil)

type storyRow struct {
	ID        uuid.UUID `bun:"id"`
	AuthorID  uuid.UUID `bun:"author_id"`
	Text      string    `bun:"text"`
	ViewCount int       `bun:"view_count"`
	Viewed    bool      `bun:"viewed"`
	CreatedAt time.Time `bun:"created_at"`
	ExpiresAt time.Time `bun:"expires_at"`
	pgkit.CardRow
}

func (r storyRow) row() app.StoryRow {
	return app.StoryRow{ID: r.ID, AuthorID: domain.UserID(r.AuthorID), Author: r.Card(r.AuthorID), Text: r.Text,
		ViewCount: r.ViewCount, Viewed: r.Viewed, CreatedAt: r.CreatedAt.UTC(), ExpiresAt: r.ExpiresAt.UTC()}
}

// storySelect reads stories with their author and whether ?reader viewed
// them; the caller adds the FROM filter.
var storySelect = `SELECT s.id, s.author_id, s.text, s.view_count, s.created_at, s.expires_at,
	EXISTS (SELECT 1 FROM story_views v WHERE v.story_id = s.id AND v.viewer_id = ?) AS viewed,
	` + cardOfP + `
	FROM stories s LEFT JOIN member_cards p ON p.id = s.author_id `

var cardOfP = pgkit.CardColumns("p", "")

// InsertStory stores r.
func (s *Store) InsertStory(ctx context.Context, r app.StoryRow) error {
	_, err := s.IDB(ctx).NewRaw(`INSERT INTO stories (id, author_id, text, view_count, created_at, expires_at)
		VALUES (?, ?, ?, 0, ?, ?)`, r.ID, uuid.UUID(r.AuthorID), r.Text, r.CreatedAt, r.ExpiresAt).Exec(ctx)
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23503" {
		return app.ErrNoProfile
	}
	return err
}

// Story reads one live story.
func (s *Store) Story(ctx context.Context, id uuid.UUID, reader domain.UserID, now time.Time) (app.StoryRow, error) {
	var row storyRow
	err := s.IDB(ctx).NewRaw(storySelect+`WHERE s.id = ? AND s.expires_at > ?`, uuid.UUID(reader), id, now).Scan(ctx, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return app.StoryRow{}, domain.ErrNotFound
	}
	return row.row(), err
}

// Visible reads the reader's and their followees' live stories.
func (s *Store) Visible(ctx context.Context, reader domain.UserID, now time.Time, limit int) ([]app.StoryRow, error) {
	r := uuid.UUID(reader)
	var rows []storyRow
	err := s.IDB(ctx).NewRaw(storySelect+`WHERE s.expires_at > ? AND (s.author_id = ? OR s.author_id IN
		(SELECT following_id FROM member_follows WHERE follower_id = ?))
		ORDER BY s.created_at DESC, s.id DESC LIMIT ?`, r, now, r, r, limit).Scan(ctx, &rows)
	out := make([]app.StoryRow, len(rows))
	for i, row := range rows {
		out[i] = row.row()
	}
	return out, err
}

// AddView inserts the view unless it is there.
func (s *Store) AddView(ctx context.Context, story uuid.UUID, reader domain.UserID, at time.Time) (bool, error) {
	res, err := s.IDB(ctx).NewRaw(`INSERT INTO story_views (story_id, viewer_id, viewed_at) VALUES (?, ?, ?)
		ON CONFLICT (story_id, viewer_id) DO NOTHING`, story, uuid.UUID(reader), at).Exec(ctx)
	var pg *pgconn.PgError
	if errors.As(err, &pg) && pg.Code == "23503" {
		if pg.ConstraintName == "story_views_viewer_id_fkey" {
			return false, app.ErrNoProfile
		}
		return false, domain.ErrNotFound
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// CountView moves view_count by one.
func (s *Store) CountView(ctx context.Context, story uuid.UUID) (int, error) {
	var n int
	err := s.IDB(ctx).NewRaw(`UPDATE stories SET view_count = view_count + 1 WHERE id = ? RETURNING view_count`,
		story).Scan(ctx, &n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, domain.ErrNotFound
	}
	return n, err
}

// Viewers lists a story's viewers, latest first.
func (s *Store) Viewers(ctx context.Context, story uuid.UUID, limit int) ([]app.StoryViewer, error) {
	var rows []struct {
		ViewerID uuid.UUID `bun:"viewer_id"`
		ViewedAt time.Time `bun:"viewed_at"`
		pgkit.CardRow
	}
	err := s.IDB(ctx).NewRaw(`SELECT v.viewer_id, v.viewed_at, `+cardOfP+`
		FROM story_views v LEFT JOIN member_cards p ON p.id = v.viewer_id WHERE v.story_id = ?
		ORDER BY v.viewed_at DESC, v.viewer_id LIMIT ?`, story, limit).Scan(ctx, &rows)
	out := make([]app.StoryViewer, len(rows))
	for i, r := range rows {
		out[i] = app.StoryViewer{Profile: r.Card(r.ViewerID), ViewedAt: r.ViewedAt.UTC()}
	}
	return out, err
}

// Delete removes a story; its views cascade.
func (s *Store) Delete(ctx context.Context, id uuid.UUID) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM stories WHERE id = ?`, id).Exec(ctx)
	return err
}

// DeleteExpired removes up to limit expired stories, oldest expiry first.
func (s *Store) DeleteExpired(ctx context.Context, now time.Time, limit int) (int, error) {
	res, err := s.IDB(ctx).NewRaw(`DELETE FROM stories WHERE id IN (SELECT id FROM stories WHERE expires_at <= ?
		ORDER BY expires_at LIMIT ? FOR UPDATE SKIP LOCKED)`, now, limit).Exec(ctx)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Followers lists the members following author.
func (s *Store) Followers(ctx context.Context, author domain.UserID) ([]domain.UserID, error) {
	var ids []uuid.UUID
	err := s.IDB(ctx).NewRaw(`SELECT follower_id FROM member_follows WHERE following_id = ?`, uuid.UUID(author)).Scan(ctx, &ids)
	out := make([]domain.UserID, len(ids))
	for i, id := range ids {
		out[i] = domain.UserID(id)
	}
	return out, err
}

// The store is also the stories' part of a member's data
// (ports.MemberData): their live stories (who viewed them is theirs to
// know), and, on deletion, their stories and their views of others'
// stories, each view's count lowered with it.
var _ ports.MemberData = (*Store)(nil)

var _ ports.MemberHider = (*Store)(nil)

// HideMember deletes the member's stories (their views with them) in the
// deletion's transaction: a story lasts a day, so there are few, and none
// is shown while the erasure is on its way.
func (s *Store) HideMember(ctx context.Context, member domain.UserID) error {
	_, err := s.IDB(ctx).NewRaw(`DELETE FROM stories WHERE author_id = ?`, uuid.UUID(member)).Exec(ctx)
	return err
}

// EraseMember removes a batch of the member's views (lowering each story's
// count), then of their stories.
func (s *Store) EraseMember(ctx context.Context, member domain.UserID, batch int) (bool, error) {
	return pgkit.EraseBatch(ctx, s.DB, member, batch,
		pgkit.EraseRows{Table: "story_views", Member: "viewer_id", Key: "story_id", Parents: "stories", Count: "view_count"},
		pgkit.EraseRows{Table: "stories", Member: "author_id", Key: "id"},
	)
}

type exportStory struct {
	ID        uuid.UUID `bun:"id" json:"id"`
	Text      string    `bun:"text" json:"texto"`
	ViewCount int       `bun:"view_count" json:"visualizacoes"`
	CreatedAt time.Time `bun:"created_at" json:"criado_em"`
	ExpiresAt time.Time `bun:"expires_at" json:"expira_em"`
}

// ExportMember writes stories/stories.json.
func (s *Store) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	list := []exportStory{}
	if err := s.IDB(ctx).NewRaw(`SELECT id, text, view_count, created_at, expires_at FROM stories
		WHERE author_id = ? ORDER BY created_at, id`, uuid.UUID(member)).Scan(ctx, &list); err != nil {
		return fmt.Errorf("stories: %w", err)
	}
	return w.JSON("stories/stories.json", list)
}
