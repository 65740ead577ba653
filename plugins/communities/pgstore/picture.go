package pgstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/google/uuid"

	"social/core/domain"
)

// SetAvatarPath points the community at its stored picture and answers the
// one it pointed at before, read under the row's lock so that two
// replacements each delete a different old picture.
func (s *Store) SetAvatarPath(ctx context.Context, id uuid.UUID, key string) (*string, error) {
	var old sql.NullString
	err := s.IDB(ctx).NewRaw(`UPDATE communities c SET avatar_path = ?
		FROM (SELECT id, avatar_path FROM communities WHERE id = ? FOR UPDATE) prev
		WHERE c.id = prev.id
		RETURNING prev.avatar_path`, key, id).Scan(ctx, &old)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	if err != nil || !old.Valid {
		return nil, err
	}
	return &old.String, nil
}
