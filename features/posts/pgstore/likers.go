package pgstore

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/platform/pgkit"
)

// memberCardRow is a member's card as lists show it.
type memberCardRow struct {
	ID          uuid.UUID `bun:"id"`
	Handle      string    `bun:"handle"`
	DisplayName string    `bun:"display_name"`
	AvatarPath  *string   `bun:"avatar_path"`
}

func cards(rows []memberCardRow) []domain.MemberCard {
	out := make([]domain.MemberCard, len(rows))
	for i, r := range rows {
		out[i] = domain.MemberCard{ID: domain.UserID(r.ID), Handle: r.Handle, DisplayName: r.DisplayName, AvatarPath: r.AvatarPath}
	}
	return out
}

// Likers reads who liked post, newest like first, on the index
// likes (post_id, created_at DESC, user_id DESC): after the like of
// before when given (a like taken back since ends the list), without the
// members a block keeps apart from viewer and suspended or deleted ones.
func (s *Posts) Likers(ctx context.Context, post domain.PostID, viewer domain.UserID, before *domain.UserID, limit int) ([]domain.MemberCard, error) {
	blocked, blockedArgs := pgkit.NotBlockedWith("l.user_id", viewer)
	q := `SELECT m.id, m.handle, m.display_name, m.avatar_path FROM likes l JOIN profiles m ON m.id = l.user_id
		WHERE l.post_id = ?` + pgkit.ActiveMember("l.user_id") + blocked
	args := append([]any{uuid.UUID(post)}, blockedArgs...)
	if before != nil {
		q += ` AND (l.created_at, l.user_id) < (SELECT b.created_at, b.user_id FROM likes b WHERE b.post_id = ? AND b.user_id = ?)`
		args = append(args, uuid.UUID(post), uuid.UUID(*before))
	}
	var rows []memberCardRow
	err := pgkit.IDB(ctx, s.db).NewRaw(q+` ORDER BY l.created_at DESC, l.user_id DESC LIMIT ?`, append(args, limit)...).Scan(ctx, &rows)
	return cards(rows), err
}

// MembersByHandle reads the cards of the active members among handles
// (lower case, as handles are stored), in one query on the handle's
// unique index.
func (s *Posts) MembersByHandle(ctx context.Context, handles []string) ([]domain.MemberCard, error) {
	var rows []memberCardRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT m.id, m.handle, m.display_name, m.avatar_path FROM profiles m
		WHERE m.handle IN (?)`+pgkit.ActiveMember("m.id")+` ORDER BY m.handle`, bun.In(handles)).Scan(ctx, &rows)
	return cards(rows), err
}
