package pgstore

import (
	"context"

	"github.com/google/uuid"
	"github.com/uptrace/bun/dialect/pgdialect"

	"social/core/domain"
	follows "social/features/follows/app"
	"social/platform/pgkit"
)

type profileViewRow struct {
	ProfileRow
	IsFollowing bool `bun:"is_following"`
	IsBlocking  bool `bun:"is_blocking"`
	IsBlockedBy bool `bun:"is_blocked_by"`
	IsMuting    bool `bun:"is_muting"`
}

// ViewByHandle reads the profile of handle and viewer's relation to it,
// one query (EXISTS on the pair keys of follows, blocks and mutes, read
// through the core's views of them). A deleted account's profile is not
// found, from the deletion on.
func (s *Profiles) ViewByHandle(ctx context.Context, handle string, viewer domain.UserID) (domain.Profile, follows.Relation, error) {
	rows := make([]profileViewRow, 0, 1) // a handle is one profile
	v := uuid.UUID(viewer)
	// Read on every profile opened, hence prepared.
	err := pgkit.Prepared(ctx, s.db, &rows, `SELECT p.*,
		EXISTS (SELECT 1 FROM member_follows f WHERE f.follower_id = ? AND f.following_id = p.id) AS is_following,
		EXISTS (SELECT 1 FROM blocked_pairs b WHERE b.blocker_id = ? AND b.blocked_id = p.id) AS is_blocking,
		EXISTS (SELECT 1 FROM blocked_pairs b WHERE b.blocker_id = p.id AND b.blocked_id = ?) AS is_blocked_by,
		EXISTS (SELECT 1 FROM muted_pairs m WHERE m.muter_id = ? AND m.muted_id = p.id) AS is_muting
		FROM profiles p WHERE p.handle = ?
			AND NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL)`, v, v, v, v, handle)
	if err != nil {
		return domain.Profile{}, follows.Relation{}, err
	}
	if len(rows) == 0 {
		return domain.Profile{}, follows.Relation{}, domain.ErrNotFound
	}
	r := rows[0]
	return r.ProfileRow.Domain(), follows.Relation{Following: r.IsFollowing, Blocking: r.IsBlocking,
		BlockedBy: r.IsBlockedBy, Muting: r.IsMuting}, nil
}

type relationRow struct {
	ID          uuid.UUID `bun:"id"`
	IsFollowing bool      `bun:"is_following"`
	FollowsBack bool      `bun:"follows_back"`
	IsBlocking  bool      `bun:"is_blocking"`
	IsBlockedBy bool      `bun:"is_blocked_by"`
	IsMuting    bool      `bun:"is_muting"`
}

// RelationsWith reads viewer's relation with each of members in one query
// (the EXISTS of ViewByHandle, per profile), leaving out IDs of nobody and
// deleted accounts.
func (s *Profiles) RelationsWith(ctx context.Context, viewer domain.UserID, members []domain.UserID) (map[domain.UserID]follows.Relation, error) {
	ids := make([]uuid.UUID, len(members))
	for i, m := range members {
		ids[i] = uuid.UUID(m)
	}
	v := uuid.UUID(viewer)
	var rows []relationRow
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT p.id,
		EXISTS (SELECT 1 FROM member_follows f WHERE f.follower_id = ? AND f.following_id = p.id) AS is_following,
		EXISTS (SELECT 1 FROM member_follows f WHERE f.follower_id = p.id AND f.following_id = ?) AS follows_back,
		EXISTS (SELECT 1 FROM blocked_pairs b WHERE b.blocker_id = ? AND b.blocked_id = p.id) AS is_blocking,
		EXISTS (SELECT 1 FROM blocked_pairs b WHERE b.blocker_id = p.id AND b.blocked_id = ?) AS is_blocked_by,
		EXISTS (SELECT 1 FROM muted_pairs m WHERE m.muter_id = ? AND m.muted_id = p.id) AS is_muting
		FROM profiles p WHERE p.id = ANY(?)
			AND NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL)`,
		v, v, v, v, v, pgdialect.Array(ids)).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	out := make(map[domain.UserID]follows.Relation, len(rows))
	for _, r := range rows {
		out[domain.UserID(r.ID)] = follows.Relation{Following: r.IsFollowing, FollowedBy: r.FollowsBack,
			Blocking: r.IsBlocking, BlockedBy: r.IsBlockedBy, Muting: r.IsMuting}
	}
	return out, nil
}

// HandleByID is the handle of id's profile; not found for a deleted
// account.
func (s *Profiles) HandleByID(ctx context.Context, id domain.UserID) (string, error) {
	var handles []string
	err := pgkit.IDB(ctx, s.db).NewRaw(`SELECT p.handle FROM profiles p WHERE p.id = ?
		AND NOT EXISTS (SELECT 1 FROM accounts d WHERE d.id = p.id AND d.deleted_at IS NOT NULL)`, uuid.UUID(id)).Scan(ctx, &handles)
	if err != nil {
		return "", err
	}
	if len(handles) == 0 {
		return "", domain.ErrNotFound
	}
	return handles[0], nil
}
