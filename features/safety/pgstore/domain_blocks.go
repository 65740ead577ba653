package pgstore

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	safety "social/features/safety/app"
	"social/platform/pgkit"
)

// BlockDomain inserts member's block of domain once and deletes the
// follows between the member and the domain's accounts, both ways,
// lowering every counter by what it deleted. The member's profile row is
// locked first, as a follow locks it (LockMemberPair): a follow of one of
// the domain's accounts waits for the block and then finds it. Call it in
// a transaction.
func (s *Safety) BlockDomain(ctx context.Context, member domain.UserID, host string, at time.Time, max int) (bool, []safety.EndedFollow, error) {
	db := pgkit.IDB(ctx, s.db)
	var counts []int
	if err := db.NewRaw(`SELECT (SELECT count(*) FROM member_domain_blocks WHERE member_id = p.id) FROM profiles p
		WHERE p.id = ? FOR NO KEY UPDATE`, uuid.UUID(member)).Scan(ctx, &counts); err != nil {
		return false, nil, fmt.Errorf("lock member: %w", err)
	}
	if len(counts) == 0 {
		return false, nil, safety.ErrNoActorProfile
	}
	res, err := db.NewRaw(`INSERT INTO member_domain_blocks (member_id, domain, created_at)
		SELECT ?, ?, ? WHERE ? < ? ON CONFLICT DO NOTHING`, uuid.UUID(member), host, at, counts[0], max).Exec(ctx)
	if err != nil {
		return false, nil, fmt.Errorf("insert domain block: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		var exists bool
		if err := db.NewRaw(`SELECT EXISTS (SELECT 1 FROM member_domain_blocks WHERE member_id = ? AND domain = ?)`,
			uuid.UUID(member), host).Scan(ctx, &exists); err != nil {
			return false, nil, err
		}
		if !exists {
			return false, nil, safety.ErrDomainBlocksFull
		}
		return false, nil, nil
	}
	var rows []struct {
		FollowerID  uuid.UUID `bun:"follower_id"`
		FollowingID uuid.UUID `bun:"following_id"`
	}
	if err := db.NewRaw(`DELETE FROM follows f USING profiles p
		WHERE p.domain = ? AND ((f.follower_id = ? AND f.following_id = p.id) OR (f.following_id = ? AND f.follower_id = p.id))
		RETURNING f.follower_id, f.following_id`, host, uuid.UUID(member), uuid.UUID(member)).Scan(ctx, &rows); err != nil {
		return false, nil, fmt.Errorf("end follows: %w", err)
	}
	if len(rows) == 0 {
		return true, nil, nil
	}
	ended := make([]safety.EndedFollow, len(rows))
	followers, followings := make([]string, len(rows)), make([]string, len(rows))
	for i, r := range rows {
		ended[i] = safety.EndedFollow{Follower: domain.UserID(r.FollowerID), Following: domain.UserID(r.FollowingID)}
		followers[i], followings[i] = r.FollowerID.String(), r.FollowingID.String()
	}
	if _, err := db.NewRaw(`UPDATE profiles pr SET
			following_count = greatest(pr.following_count - c.following, 0),
			follower_count = greatest(pr.follower_count - c.followers, 0)
		FROM (SELECT id, sum(following) AS following, sum(followers) AS followers FROM (
				SELECT unnest(?::uuid[]) AS id, 1 AS following, 0 AS followers
				UNION ALL SELECT unnest(?::uuid[]), 0, 1) u GROUP BY id) c
		WHERE pr.id = c.id`, pgdialect.Array(followers), pgdialect.Array(followings)).Exec(ctx); err != nil {
		return false, nil, fmt.Errorf("follow counters: %w", err)
	}
	return true, ended, nil
}

// UnblockDomain deletes member's block of domain, if any.
func (s *Safety) UnblockDomain(ctx context.Context, member domain.UserID, host string) (bool, error) {
	res, err := pgkit.IDB(ctx, s.db).NewRaw(`DELETE FROM member_domain_blocks WHERE member_id = ? AND domain = ?`,
		uuid.UUID(member), host).Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("delete domain block: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// BlockedDomains reads member's domain blocks, newest first.
func (s *Safety) BlockedDomains(ctx context.Context, member domain.UserID) ([]safety.DomainBlock, error) {
	var rows []struct {
		Domain    string    `bun:"domain"`
		CreatedAt time.Time `bun:"created_at"`
	}
	if err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT domain, created_at FROM member_domain_blocks WHERE member_id = ?
		ORDER BY created_at DESC, domain`, uuid.UUID(member)).Scan(ctx, &rows); err != nil {
		return nil, err
	}
	out := make([]safety.DomainBlock, len(rows))
	for i, r := range rows {
		out[i] = safety.DomainBlock{Domain: r.Domain, Since: r.CreatedAt.UTC()}
	}
	return out, nil
}
