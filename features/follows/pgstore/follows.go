package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	follows "social/features/follows/app"
	"social/platform/pgkit"
)

// Follows stores who follows whom and keeps profiles.follower_count and
// following_count equal to the rows.
type Follows struct{ db *bun.DB }

// NewFollows makes the follow store.
func NewFollows(db *bun.DB) *Follows { return &Follows{db: db} }

// IDByHandle is the member with a handle (handles are lowercase).
func (s *Follows) IDByHandle(ctx context.Context, handle string) (domain.UserID, error) {
	return pgkit.MemberIDByHandle(ctx, s.db, handle)
}

// lockPair locks both profiles (LockMemberPair): two members following
// each other at once then wait in line instead of deadlocking, and every
// write of the pair runs one after the other.
func (s *Follows) lockPair(ctx context.Context, follower, following domain.UserID) error {
	return pgkit.LockMemberPair(ctx, s.db, follower, following, follows.ErrNoFollowerProfile)
}

// Follow inserts f once and, only when it did, adds one to both counters.
// Call it in a transaction.
func (s *Follows) Follow(ctx context.Context, f domain.Follow) (bool, int, error) {
	if err := s.lockPair(ctx, f.FollowerID, f.FollowingID); err != nil {
		return false, 0, err
	}
	// Checked under the pair's locks, which a block takes too: a follow
	// cannot land after a block ended the pair's follows.
	blocked, err := pgkit.EitherBlocks(ctx, s.db, f.FollowerID, f.FollowingID)
	if err != nil {
		return false, 0, fmt.Errorf("block check: %w", err)
	}
	if blocked {
		return false, 0, follows.ErrBlocked
	}
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`INSERT INTO follows (id, follower_id, following_id, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (follower_id, following_id) DO NOTHING`,
		uuid.UUID(f.ID), uuid.UUID(f.FollowerID), uuid.UUID(f.FollowingID), f.CreatedAt).Exec(ctx)
	if err != nil {
		return false, 0, fmt.Errorf("insert follow: %w", err)
	}
	n, _ := res.RowsAffected()
	count, err := s.count(ctx, f.FollowerID, f.FollowingID, int(n))
	return n > 0, count, err
}

// Unfollow deletes the follow, if any, and, only when it did, takes one
// from both counters (never below zero). Call it in a transaction.
func (s *Follows) Unfollow(ctx context.Context, follower, following domain.UserID) (bool, int, error) {
	if err := s.lockPair(ctx, follower, following); err != nil {
		return false, 0, err
	}
	res, err := pgkit.IDB(ctx, s.db).NewDelete().Table("follows").
		Where("follower_id = ? AND following_id = ?", uuid.UUID(follower), uuid.UUID(following)).Exec(ctx)
	if err != nil {
		return false, 0, fmt.Errorf("delete follow: %w", err)
	}
	n, _ := res.RowsAffected()
	count, err := s.count(ctx, follower, following, -int(n))
	return n > 0, count, err
}

// count moves the pair's counters by delta (rows are already locked) and
// reads the followed profile's follower_count.
func (s *Follows) count(ctx context.Context, follower, following domain.UserID, delta int) (int, error) {
	db := pgkit.IDB(ctx, s.db)
	if delta != 0 {
		if _, err := db.NewRaw(`UPDATE profiles SET
			following_count = greatest(following_count + CASE WHEN id = ? THEN ? ELSE 0 END, 0),
			follower_count = greatest(follower_count + CASE WHEN id = ? THEN ? ELSE 0 END, 0)
			WHERE id IN (?, ?)`,
			uuid.UUID(follower), delta, uuid.UUID(following), delta,
			uuid.UUID(follower), uuid.UUID(following)).Exec(ctx); err != nil {
			return 0, fmt.Errorf("follow counters: %w", err)
		}
	}
	var n int
	err := db.NewSelect().Table("profiles").Column("follower_count").Where("id = ?", uuid.UUID(following)).Scan(ctx, &n)
	return n, pgkit.NotFound(err)
}

type followEntryRow struct {
	FollowID   uuid.UUID `bun:"follow_id"`
	FollowedAt time.Time `bun:"followed_at"`
	pgkit.ListedMemberRow
}

// Followers reads who follows of, newest first, after the cursor.
func (s *Follows) Followers(ctx context.Context, of, viewer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) ([]domain.FollowEntry, error) {
	return s.list(ctx, "follower_id", "following_id", of, viewer, after, limit)
}

// Following reads whom of follows, newest first, after the cursor.
func (s *Follows) Following(ctx context.Context, of, viewer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) ([]domain.FollowEntry, error) {
	return s.list(ctx, "following_id", "follower_id", of, viewer, after, limit)
}

// list pages one side of of's follows on its (side, created_at, id) index;
// shown is the column naming the listed members. Members in a block
// relation with of, or with viewer when there is one, are left out.
func (s *Follows) list(ctx context.Context, shown, side string, of, viewer domain.UserID, after *domain.ListCursor[domain.FollowID], limit int) ([]domain.FollowEntry, error) {
	q := `SELECT f.id AS follow_id, f.created_at AS followed_at, p.id, p.handle, p.display_name, p.avatar_path, p.is_verified
		FROM follows f JOIN profiles p ON p.id = f.` + shown + ` WHERE f.` + side + ` = ?`
	args := []any{uuid.UUID(of)}
	for _, member := range []domain.UserID{of, viewer} {
		if member == (domain.UserID{}) {
			continue
		}
		clause, cargs := pgkit.NotBlockedWith("p.id", member)
		q += clause
		args = append(args, cargs...)
	}
	if after != nil {
		q += ` AND (f.created_at, f.id) < (?, ?)`
		args = append(args, after.At, uuid.UUID(after.ID))
	}
	q += ` ORDER BY f.created_at DESC, f.id DESC LIMIT ?`
	args = append(args, limit)
	var rows []followEntryRow
	if err := pgkit.IDB(ctx, s.db).NewRaw(q, args...).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]domain.FollowEntry, len(rows))
	for i, r := range rows {
		out[i] = domain.FollowEntry{ListedMember: r.Domain(), FollowID: domain.FollowID(r.FollowID),
			FollowedAt: r.FollowedAt.UTC()}
	}
	return out, nil
}
