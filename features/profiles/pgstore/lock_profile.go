package pgstore

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/platform/pgkit"
)

// Lock reads a profile and holds its row until the transaction of ctx ends
// (FOR NO KEY UPDATE), for the features that change it in that transaction
// (a moderator's verified flag).
func (s *Profiles) Lock(ctx context.Context, id domain.UserID) (domain.Profile, error) {
	var row ProfileRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).For("NO KEY UPDATE").Scan(ctx)
	return row.Domain(), pgkit.NotFound(err)
}
