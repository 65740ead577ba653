package pgstore

import (
	"context"
	"fmt"
	"time"

	moderation "social/features/moderation/app"
	"social/platform/pgkit"
)

var _ moderation.UsageCounter = (*Moderation)(nil)

// CountUsage counts the members (accounts neither suspended nor deleted),
// those of them who wrote a post or a comment since month and since
// halfyear, and the posts of this server's members. A remote account is a
// profile without an account, so it is never a member; its posts are left
// out by their author's domain.
func (s *Moderation) CountUsage(ctx context.Context, month, halfyear time.Time) (moderation.Usage, error) {
	var u moderation.Usage
	err := pgkit.IDB(ctx, s.db).NewRaw(`WITH members AS (
			SELECT id FROM accounts WHERE suspended_at IS NULL AND deleted_at IS NULL),
		last_written AS (
			SELECT m.id, greatest(
				(SELECT max(p.created_at) FROM posts p WHERE p.author_id = m.id),
				(SELECT max(c.created_at) FROM comments c WHERE c.author_id = m.id)) AS at
			FROM members m)
		SELECT (SELECT count(*) FROM members),
			(SELECT count(*) FROM last_written WHERE at >= ?),
			(SELECT count(*) FROM last_written WHERE at >= ?),
			(SELECT count(*) FROM posts p WHERE NOT EXISTS (
				SELECT 1 FROM profiles a WHERE a.id = p.author_id AND a.domain IS NOT NULL))`, month, halfyear).
		Scan(ctx, &u.Members, &u.ActiveMonth, &u.ActiveHalfyear, &u.LocalPosts)
	if err != nil {
		return moderation.Usage{}, fmt.Errorf("network usage: %w", err)
	}
	return u, nil
}
