package pgstore

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
)

// SetAvatarPath points the community at its stored picture.
func (s *Store) SetAvatarPath(ctx context.Context, id uuid.UUID, key string) error {
	res, err := s.IDB(ctx).NewRaw(`UPDATE communities SET avatar_path = ? WHERE id = ?`, key, id).Exec(ctx)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		if err == nil {
			err = domain.ErrNotFound
		}
		return err
	}
	return nil
}
