package pgstore

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/platform/pgkit"
)

// pendingRow is a row of pending_media.
type pendingRow struct {
	bun.BaseModel `bun:"table:pending_media"`
	ID            uuid.UUID  `bun:"id,pk"`
	OwnerID       uuid.UUID  `bun:"owner_id"`
	PostID        *uuid.UUID `bun:"post_id"`
	MediaPath     string     `bun:"media_path"`
	Type          string     `bun:"type"`
	MediaWidth    *int       `bun:"media_width"`
	MediaHeight   *int       `bun:"media_height"`
	MediaVariants []int      `bun:"media_variants,array"`
	ImageAlt      *string    `bun:"image_alt"`
	CreatedAt     time.Time  `bun:"created_at"`
}

func (r pendingRow) domain() posts.PendingMedia {
	p := posts.PendingMedia{ID: posts.MediaID(r.ID), OwnerID: domain.UserID(r.OwnerID), ImageAlt: r.ImageAlt, CreatedAt: r.CreatedAt.UTC(),
		Media: posts.StoredMedia{Key: r.MediaPath, Type: domain.PostType(r.Type), Width: intOrZero(r.MediaWidth),
			Height: intOrZero(r.MediaHeight), Variants: r.MediaVariants}}
	if r.PostID != nil {
		id := domain.PostID(*r.PostID)
		p.PostID = &id
	}
	return p
}

// AddPending keeps an upload; domain.ErrNotFound when its owner has no
// profile.
func (s *Posts) AddPending(ctx context.Context, m posts.PendingMedia) error {
	row := pendingRow{ID: uuid.UUID(m.ID), OwnerID: uuid.UUID(m.OwnerID), MediaPath: m.Media.Key, Type: string(m.Media.Type),
		MediaWidth: nullIfZero(m.Media.Width), MediaHeight: nullIfZero(m.Media.Height), MediaVariants: m.Media.Variants,
		ImageAlt: m.ImageAlt, CreatedAt: m.CreatedAt}
	if row.MediaVariants == nil {
		row.MediaVariants = []int{}
	}
	_, err := pgkit.IDB(ctx, s.db).NewInsert().Model(&row).Exec(ctx)
	if pgkit.ForeignKeyViolation(err) {
		return domain.ErrNotFound
	}
	return err
}

// Pending reads one upload.
func (s *Posts) Pending(ctx context.Context, id posts.MediaID) (posts.PendingMedia, error) {
	var row pendingRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).Where("id = ?", uuid.UUID(id)).Scan(ctx)
	if err != nil {
		return posts.PendingMedia{}, pgkit.NotFound(err)
	}
	return row.domain(), nil
}

// SetPendingAlt replaces an upload's description.
func (s *Posts) SetPendingAlt(ctx context.Context, id posts.MediaID, alt *string) error {
	_, err := pgkit.IDB(ctx, s.db).NewUpdate().Table("pending_media").Set("image_alt = ?", alt).
		Where("id = ?", uuid.UUID(id)).Exec(ctx)
	return err
}

// LockPending locks owner's upload that no post took, until the
// transaction ends.
func (s *Posts) LockPending(ctx context.Context, id posts.MediaID, owner domain.UserID) (posts.PendingMedia, error) {
	var row pendingRow
	err := pgkit.IDB(ctx, s.db).NewSelect().Model(&row).
		Where("id = ? AND owner_id = ? AND post_id IS NULL", uuid.UUID(id), uuid.UUID(owner)).For("UPDATE").Scan(ctx)
	if err != nil {
		return posts.PendingMedia{}, pgkit.NotFound(err)
	}
	return row.domain(), nil
}

// AttachPending records the post that took the upload.
func (s *Posts) AttachPending(ctx context.Context, id posts.MediaID, post domain.PostID) error {
	_, err := pgkit.IDB(ctx, s.db).NewUpdate().Table("pending_media").Set("post_id = ?", uuid.UUID(post)).
		Where("id = ?", uuid.UUID(id)).Exec(ctx)
	return err
}

// DeleteStalePending deletes up to limit uploads no post took, made
// before before (on pending_media_stale_idx), and answers their files.
func (s *Posts) DeleteStalePending(ctx context.Context, before time.Time, limit int) ([]string, error) {
	var keys []string
	err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM pending_media WHERE id IN (
		SELECT id FROM pending_media WHERE post_id IS NULL AND created_at < ? ORDER BY created_at LIMIT ?
		FOR UPDATE SKIP LOCKED) RETURNING media_path`, before, limit).Scan(ctx, &keys)
	return keys, err
}
