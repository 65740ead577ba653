package pgstore

import (
	"context"

	"github.com/google/uuid"
)

// DeleteRoom deletes a room; its participants, presence, exclusions and
// chat go with it (ON DELETE CASCADE). False when it was gone already.
func (s *Store) DeleteRoom(ctx context.Context, id uuid.UUID) (bool, error) {
	res, err := s.IDB(ctx).NewRaw(`DELETE FROM listening_rooms WHERE id = ?`, id).Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
