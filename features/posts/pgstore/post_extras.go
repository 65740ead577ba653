package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/platform/pgkit"
)

// Translation reads the cached translation of post id into lang made from
// the text of source (the post's updated_at).
func (s *Posts) Translation(ctx context.Context, id domain.PostID, lang string, source time.Time) (string, bool, error) {
	var text string
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT translated_text FROM post_translations
		WHERE post_id = ? AND language = ? AND source_updated_at = ?`, uuid.UUID(id), lang, source).Scan(ctx, &text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return text, err == nil, err
}

// SaveTranslation stores (or replaces) the translation of post id into lang.
// A post deleted meanwhile is not an error: nothing is stored.
func (s *Posts) SaveTranslation(ctx context.Context, id domain.PostID, lang, text string, source, now time.Time) error {
	_, err := pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO post_translations
		(post_id, language, translated_text, source_updated_at, created_at)
		SELECT id, ?, ?, ?, ? FROM posts WHERE id = ?
		ON CONFLICT (post_id, language) DO UPDATE SET translated_text = EXCLUDED.translated_text,
			source_updated_at = EXCLUDED.source_updated_at, created_at = EXCLUDED.created_at`,
		lang, text, source, now, uuid.UUID(id)).Exec(ctx)
	return err
}

// LockAuthor locks the author's profile row until the transaction ends.
func (s *Posts) LockAuthor(ctx context.Context, author domain.UserID) error {
	var id uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT id FROM profiles WHERE id = ? FOR UPDATE`, uuid.UUID(author)).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

// HasPosts says whether author has any post.
func (s *Posts) HasPosts(ctx context.Context, author domain.UserID) (bool, error) {
	var has bool
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT EXISTS (SELECT 1 FROM posts WHERE author_id = ?)`, uuid.UUID(author)).Scan(ctx, &has)
	return has, err
}

// PostsByID reads the named posts as viewer sees them (whether they follow
// each author) in one query; missing ones are absent, as are those of
// suspended and deleted authors (authorActive), whose files are not linked.
func (s *Posts) PostsByID(ctx context.Context, viewer domain.UserID, ids []domain.PostID) (map[domain.PostID]domain.Post, error) {
	out := make(map[domain.PostID]domain.Post, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	keys := make([]uuid.UUID, len(ids))
	for i, id := range ids {
		keys[i] = uuid.UUID(id)
	}
	var rows []feedRow
	blocked, blockedArgs := pgkit.NotBlockedWith("p.author_id", viewer)
	if err := pgkit.IDB(ctx, s.db).NewRaw(feedSelect+` WHERE p.id IN (?)`+authorActive+blocked, append(viewerArgs(viewer, bun.In(keys)), blockedArgs...)...).Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read posts by id: %w", err)
	}
	for _, r := range rows {
		p := r.Domain().Post
		var err error
		if p.ViewerInAudience, err = posts.InAudience(ctx, s.Audiences, viewer, p); err != nil {
			return nil, err
		}
		out[p.ID] = p
	}
	return out, nil
}

// MentionReaders are the members whose handle is in handles and who may
// read post: anyone but its author for a public post, the author's
// followers for a friends_only one. Handles read from the text of a remote
// account's post name nobody (app.MentionReaders).
func (s *Posts) MentionReaders(ctx context.Context, post domain.PostID, handles []string, fromText bool) ([]domain.UserID, error) {
	var ids []uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT m.id FROM posts p JOIN profiles m ON m.handle IN (?)
		WHERE p.id = ? AND m.id <> p.author_id AND (p.visibility = 'public'
			OR EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = m.id AND f.following_id = p.author_id))
			AND NOT (? AND EXISTS (SELECT 1 FROM profiles a WHERE a.id = p.author_id AND a.domain IS NOT NULL))
		ORDER BY m.id`, bun.In(handles), uuid.UUID(post), fromText).Scan(ctx, &ids)
	out := make([]domain.UserID, len(ids))
	for i, id := range ids {
		out[i] = domain.UserID(id)
	}
	return out, err
}
