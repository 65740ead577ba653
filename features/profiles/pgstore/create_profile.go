package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"

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

// UpsertRemote inserts a remote account's profile or, when a remote
// profile has the handle already, refreshes its texts and page: the
// unique index on the handle decides, so two first sightings of an
// account at once make one profile. A local member's handle has no '@',
// so no member's row is ever touched here.
func (s *Profiles) UpsertRemote(ctx context.Context, p domain.Profile) (domain.UserID, error) {
	if p.Domain == nil {
		return domain.UserID{}, fmt.Errorf("upsert remote profile %s: no domain", p.Handle)
	}
	var id uuid.UUID
	err := pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO profiles (id, handle, display_name, bio, domain, remote_url, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (handle) DO UPDATE SET display_name = EXCLUDED.display_name, bio = EXCLUDED.bio,
			remote_url = EXCLUDED.remote_url, updated_at = EXCLUDED.updated_at
			WHERE profiles.domain IS NOT NULL
		RETURNING id`, uuid.UUID(p.ID), p.Handle, p.DisplayName, p.Bio, p.Domain, p.RemoteURL, p.CreatedAt, p.UpdatedAt).
		Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) || pgkit.UniqueViolation(err) == "profiles_handle_key" {
		return domain.UserID{}, domain.ErrHandleTaken
	}
	if err != nil {
		return domain.UserID{}, fmt.Errorf("upsert remote profile: %w", err)
	}
	return domain.UserID(id), nil
}

// UpdateRemote refreshes the remote profile id: its handle (the account
// may have been renamed on its server), texts and page.
func (s *Profiles) UpdateRemote(ctx context.Context, id domain.UserID, p domain.Profile) error {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`UPDATE profiles SET handle = ?, domain = ?, display_name = ?, bio = ?,
			remote_url = ?, updated_at = ?
		WHERE id = ? AND domain IS NOT NULL`, p.Handle, p.Domain, p.DisplayName, p.Bio, p.RemoteURL, p.UpdatedAt,
		uuid.UUID(id)).Exec(ctx)
	if pgkit.UniqueViolation(err) == "profiles_handle_key" {
		return domain.ErrHandleTaken
	}
	if err != nil {
		return fmt.Errorf("update remote profile %s: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.ErrNotFound
	}
	return nil
}
