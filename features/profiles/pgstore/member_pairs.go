package pgstore

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
)

// ListedMemberRow is the profile columns a list of members reads:
// p.id, p.handle, p.display_name, p.avatar_path, p.is_verified.
type ListedMemberRow struct {
	ID          uuid.UUID `bun:"id"`
	Handle      string    `bun:"handle"`
	DisplayName string    `bun:"display_name"`
	AvatarPath  *string   `bun:"avatar_path"`
	IsVerified  bool      `bun:"is_verified"`
}

func (r ListedMemberRow) Domain() domain.ListedMember {
	return domain.ListedMember{ProfileID: domain.UserID(r.ID), Handle: r.Handle, DisplayName: r.DisplayName,
		AvatarPath: r.AvatarPath, IsVerified: r.IsVerified}
}

// MemberIDByHandle is the member with a handle (handles are lowercase);
// a deleted account is none, from the deletion on.
func MemberIDByHandle(ctx context.Context, db *bun.DB, handle string) (domain.UserID, error) {
	var id uuid.UUID
	err := pgkit.IDB(ctx, db).NewSelect().TableExpr("profiles AS p").Column("p.id").Where("p.handle = ?", handle).
		Where("NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL)").Scan(ctx, &id)
	return domain.UserID(id), pgkit.NotFound(err)
}

// LockMemberPair locks the profiles of actor and other, always lower id
// first: every write between two members (a follow, an unfollow, a block,
// an unblock) takes the pair this way, so two of them queue up instead of
// deadlocking or crossing. noActor is the error when actor has no profile;
// domain.ErrNotFound is the one when other has none. Call it in a
// transaction.
func LockMemberPair(ctx context.Context, db *bun.DB, actor, other domain.UserID, noActor error) error {
	var ids []uuid.UUID
	err := pgkit.IDB(ctx, db).NewRaw(`SELECT id FROM profiles WHERE id IN (?, ?) ORDER BY id FOR NO KEY UPDATE`,
		uuid.UUID(actor), uuid.UUID(other)).Scan(ctx, &ids)
	if err != nil {
		return fmt.Errorf("lock profiles: %w", err)
	}
	found := map[uuid.UUID]bool{}
	for _, id := range ids {
		found[id] = true
	}
	if !found[uuid.UUID(actor)] {
		return noActor
	}
	if !found[uuid.UUID(other)] {
		return domain.ErrNotFound
	}
	return nil
}
