package pgkit

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
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

// MemberIDByHandle is the member with a handle (handles are lowercase),
// read on the core's member_cards view; a deleted account is none, from
// the deletion on.
func MemberIDByHandle(ctx context.Context, db *bun.DB, handle string) (domain.UserID, error) {
	var id uuid.UUID
	err := IDB(ctx, db).NewRaw(`SELECT c.id FROM member_cards c WHERE c.handle = ? AND NOT c.deleted`, handle).Scan(ctx, &id)
	return domain.UserID(id), NotFound(err)
}

// LockMemberPair locks the members actor and other (the core's member_ids
// view: their profiles), always lower id first: every write between two
// members (a follow, an unfollow, a block, an unblock) takes the pair this
// way, so two of them queue up instead of deadlocking or crossing. noActor
// is the error when actor has no profile; domain.ErrNotFound is the one
// when other has none. Call it in a transaction.
func LockMemberPair(ctx context.Context, db *bun.DB, actor, other domain.UserID, noActor error) error {
	var ids []uuid.UUID
	err := IDB(ctx, db).NewRaw(`SELECT id FROM member_ids WHERE id IN (?, ?) ORDER BY id FOR NO KEY UPDATE`,
		uuid.UUID(actor), uuid.UUID(other)).Scan(ctx, &ids)
	if err != nil {
		return fmt.Errorf("lock members: %w", err)
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
