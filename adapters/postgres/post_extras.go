package postgres

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
)

// Translation reads the cached translation of post id into lang made from
// the text of source (the post's updated_at).
func (s *Posts) Translation(ctx context.Context, id domain.PostID, lang string, source time.Time) (string, bool, error) {
	var text string
	err := IDB(ctx, s.db).NewRaw(`SELECT translated_text FROM post_translations
		WHERE post_id = ? AND language = ? AND source_updated_at = ?`, uuid.UUID(id), lang, source).Scan(ctx, &text)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return text, err == nil, err
}

// SaveTranslation stores (or replaces) the translation of post id into lang.
// A post deleted meanwhile is not an error: nothing is stored.
func (s *Posts) SaveTranslation(ctx context.Context, id domain.PostID, lang, text string, source, now time.Time) error {
	_, err := IDB(ctx, s.db).NewRaw(`INSERT INTO post_translations
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
	err := IDB(ctx, s.db).NewRaw(`SELECT id FROM profiles WHERE id = ? FOR UPDATE`, uuid.UUID(author)).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	return err
}

// HasPosts says whether author has any post.
func (s *Posts) HasPosts(ctx context.Context, author domain.UserID) (bool, error) {
	var has bool
	err := IDB(ctx, s.db).NewRaw(`SELECT EXISTS (SELECT 1 FROM posts WHERE author_id = ?)`, uuid.UUID(author)).Scan(ctx, &has)
	return has, err
}
