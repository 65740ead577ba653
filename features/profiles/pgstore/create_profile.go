package pgstore

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/platform/pgkit"
)

// Create inserts a new member's profile, in the transaction of ctx when
// there is one (the account is created in the same one). A taken handle
// (any case) is domain.ErrHandleTaken: the unique index decides, so two
// sign-ups racing cannot both win.
func (s *Profiles) Create(ctx context.Context, p domain.Profile) error {
	row := ProfileRowFrom(p)
	if _, err := pgkit.IDB(ctx, s.db).NewInsert().Model(&row).Exec(ctx); err != nil {
		if pgkit.UniqueViolation(err) == "profiles_handle_key" {
			return domain.ErrHandleTaken
		}
		return fmt.Errorf("insert profile: %w", err)
	}
	return nil
}
