package communities

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/core/domain"
	"social/core/ports"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// memberData is the communities' part of a member's data: the communities
// they belong to (or asked to), with their role. On deletion each
// membership goes with the community's member count; a community they own
// passes to its longest-standing admin, else its longest-standing member,
// and one left with nobody else is deleted. Their posts in communities are
// posts, removed with the core's part before this one runs.
type memberData struct{ db *bun.DB }

var _ ports.MemberData = memberData{}

func newMemberData(db *bun.DB) plugin.MemberData {
	return plugin.MemberData{Plugin: Name, Name: Name, Data: memberData{db: db}}
}

type exportMembership struct {
	CommunityID uuid.UUID `bun:"community_id" json:"comunidade_id"`
	Name        string    `bun:"name" json:"comunidade"`
	Role        string    `bun:"role" json:"papel"`
	Status      string    `bun:"status" json:"situacao"`
	JoinedAt    time.Time `bun:"joined_at" json:"desde"`
}

// ExportMember writes communities/memberships.json.
func (d memberData) ExportMember(ctx context.Context, member domain.UserID, w ports.ArchiveWriter) error {
	list := []exportMembership{}
	if err := pgkit.IDB(ctx, d.db).NewRaw(`SELECT m.community_id, c.name, m.role, m.status, m.joined_at
		FROM community_members m JOIN communities c ON c.id = m.community_id
		WHERE m.user_id = ? ORDER BY m.joined_at, m.id`, uuid.UUID(member)).Scan(ctx, &list); err != nil {
		return fmt.Errorf("memberships: %w", err)
	}
	return w.JSON("communities/memberships.json", list)
}

// EraseMember hands over or deletes one owned community at a time, then
// removes memberships in batches.
func (d memberData) EraseMember(ctx context.Context, member domain.UserID, batch int) (bool, error) {
	uid := uuid.UUID(member)
	more := false
	err := pgkit.NewTransactor(d.db).InTx(ctx, func(ctx context.Context) error {
		db := pgkit.IDB(ctx, d.db)
		var owned []uuid.UUID
		if err := db.NewRaw(`SELECT id FROM communities WHERE owner_id = ? ORDER BY id LIMIT 1 FOR UPDATE`, uid).
			Scan(ctx, &owned); err != nil {
			return err
		}
		if len(owned) == 1 {
			more = true
			return d.handOver(ctx, db, owned[0], uid)
		}
		var n int
		if err := db.NewRaw(`WITH gone AS (DELETE FROM community_members WHERE id IN
				(SELECT id FROM community_members WHERE user_id = ?0 LIMIT ?1) RETURNING community_id, status),
			counted AS (UPDATE communities SET member_count = greatest(member_count - 1, 0)
				WHERE id IN (SELECT community_id FROM gone WHERE status = 'approved') RETURNING 1)
			SELECT count(*) FROM gone`, uid, batch).Scan(ctx, &n); err != nil {
			return err
		}
		more = n > 0
		return nil
	})
	return more, err
}

// handOver gives community id to its next owner, or deletes it.
func (d memberData) handOver(ctx context.Context, db bun.IDB, id, owner uuid.UUID) error {
	var heir []uuid.UUID
	if err := db.NewRaw(`SELECT user_id FROM community_members m
		WHERE community_id = ? AND user_id <> ? AND status = 'approved'
			AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = m.user_id AND a.deleted_at IS NOT NULL)
		ORDER BY (role = 'admin') DESC, joined_at, id LIMIT 1`, id, owner).Scan(ctx, &heir); err != nil {
		return err
	}
	if len(heir) == 0 {
		_, err := db.NewRaw(`DELETE FROM communities WHERE id = ?`, id).Exec(ctx)
		return err
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
	_, err := db.NewRaw(`UPDATE communities SET owner_id = ? WHERE id = ?`, heir[0], id).Exec(ctx)
	return err
}
