package pgstore

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	"social/plugins/communities/app"
)

// MemberData is the communities' part of a member's data
// (ports.MemberData): the communities they belong to (or asked to), with
// their role. On deletion each membership goes with the community's member
// count; a community they own passes to its longest-standing admin, else
// its longest-standing member, and one left with nobody else is deleted
// as its owner would delete it (its posts' hashtags and files with it).
// Their posts in communities are posts, removed with the core's part
// before this one runs.
//
// Whatever it deletes or changes leaves search and the realtime topics in
// the same transaction: every community it deletes, hands over or counts
// anew has its search document queued (the indexer then removes or
// rewrites it), and a deleted community's subscriptions end.
type MemberData struct {
	*Store
	Search ports.SearchIndexQueue
	Media  app.MediaQueue
	// Access, when set, ends a deleted community's live subscriptions.
	Access ports.AccessChanges
}

var (
	_ ports.MemberData  = (*MemberData)(nil)
	_ ports.MemberHider = (*MemberData)(nil)
)

// NewMemberData makes the part on the store.
func NewMemberData(store *Store, search ports.SearchIndexQueue, media app.MediaQueue, access ports.AccessChanges) *MemberData {
	return &MemberData{Store: store, Search: search, Media: media, Access: access}
}

// HideMember runs when the account is deleted, in that transaction: the
// communities the member owns pass to their next owner or are deleted at
// once, so none is shown as theirs while the erasure is on its way.
func (d *MemberData) HideMember(ctx context.Context, member domain.UserID) error {
	for {
		owned, err := d.nextOwned(ctx, uuid.UUID(member))
		if err != nil || owned == uuid.Nil {
			return err
		}
		if err := d.handOver(ctx, owned, uuid.UUID(member)); err != nil {
			return err
		}
	}
}

// EraseMember hands over or deletes one owned community at a time, then
// removes memberships in batches, each community whose count moved queued
// for search.
func (d *MemberData) EraseMember(ctx context.Context, member domain.UserID, batch int) (bool, error) {
	uid := uuid.UUID(member)
	more := false
	err := d.Transactor().InTx(ctx, func(ctx context.Context) error {
		owned, err := d.nextOwned(ctx, uid)
		if err != nil {
			return err
		}
		if owned != uuid.Nil {
			more = true
			return d.handOver(ctx, owned, uid)
		}
		var gone []struct {
			CommunityID uuid.UUID `bun:"community_id"`
			Approved    bool      `bun:"approved"`
		}
		if err := d.IDB(ctx).NewRaw(`WITH gone AS (DELETE FROM community_members WHERE id IN
				(SELECT id FROM community_members WHERE user_id = ?0 LIMIT ?1) RETURNING community_id, status),
			counted AS (UPDATE communities SET member_count = greatest(member_count - 1, 0)
				WHERE id IN (SELECT community_id FROM gone WHERE status = 'approved') RETURNING 1)
			SELECT community_id, status = 'approved' AS approved FROM gone`, uid, batch).Scan(ctx, &gone); err != nil {
			return err
		}
		for _, g := range gone {
			if !g.Approved {
				continue
			}
			if err := d.Search.EnqueueIndex(ctx, app.SearchKind, g.CommunityID.String()); err != nil {
				return err
			}
		}
		n := len(gone)
		more = n > 0
		return nil
	})
	return more, err
}

// nextOwned is a community member still owns (locked), or uuid.Nil.
func (d *MemberData) nextOwned(ctx context.Context, member uuid.UUID) (uuid.UUID, error) {
	var owned []uuid.UUID
	if err := d.IDB(ctx).NewRaw(`SELECT id FROM communities WHERE owner_id = ? ORDER BY id LIMIT 1 FOR UPDATE`,
		member).Scan(ctx, &owned); err != nil {
		return uuid.Nil, err
	}
	if len(owned) == 0 {
		return uuid.Nil, nil
	}
	return owned[0], nil
}

// handOver gives community id to its next owner, or deletes it; either
// way its search document is queued.
func (d *MemberData) handOver(ctx context.Context, id, owner uuid.UUID) error {
	db := d.IDB(ctx)
	var heir []uuid.UUID
	if err := db.NewRaw(`SELECT user_id FROM community_members m
		WHERE community_id = ? AND user_id <> ? AND status = 'approved'
			AND NOT EXISTS (SELECT 1 FROM member_cards a WHERE a.id = m.user_id AND a.deleted)
		ORDER BY (role = 'admin') DESC, joined_at, id LIMIT 1`, id, owner).Scan(ctx, &heir); err != nil {
		return err
	}
	if len(heir) == 0 {
		keys, err := d.Delete(ctx, id)
		if err != nil {
			return err
		}
		for _, k := range keys {
			if err := d.Media.EnqueueMediaDeletion(ctx, k); err != nil {
				return err
			}
		}
		if d.Access != nil {
			d.Access.TopicAccessChanged(ctx, app.Topic(id))
		}
		return d.Search.EnqueueIndex(ctx, app.SearchKind, id.String())
	}
	// The old owner's row steps down first: one owner per community.
	if _, err := db.NewRaw(`UPDATE community_members SET role = 'member' WHERE community_id = ? AND user_id = ?`,
		id, owner).Exec(ctx); err != nil {
		return err
	}
	if _, err := db.NewRaw(`UPDATE community_members SET role = 'owner' WHERE community_id = ? AND user_id = ?`,
		id, heir[0]).Exec(ctx); err != nil {
		return err
	}
	if _, err := db.NewRaw(`UPDATE communities SET owner_id = ? WHERE id = ?`, heir[0], id).Exec(ctx); err != nil {
		return err
	}
	return d.Search.EnqueueIndex(ctx, app.SearchKind, id.String())
}
