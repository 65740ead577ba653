package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Membership is what membership changes share: the stores, the transaction
// and the search queue.
type Membership struct {
	Tx      ports.Transactor
	Store   CommunityStore
	Members MemberStore
	Search  ports.SearchIndexQueue
	Clock   ports.Clock
	// Access, when set, ends a departing member's live subscription to
	// the community at once.
	Access ports.AccessChanges
}

// departed tells the nodes that member no longer belongs to a community,
// in the transaction of ctx.
func (m *Membership) departed(ctx context.Context, member domain.UserID) {
	if m.Access != nil {
		m.Access.MemberAccessChanged(ctx, member)
	}
}

// change runs fn in one transaction on the community (its row locked, so
// membership changes of one community queue up) and the viewer's row
// (locked too; nil when none). fn answers how many approved rows it added
// (negative: removed); member_count moves by that in the same transaction,
// and the search document is then reindexed. It answers member_count.
func (m *Membership) change(ctx context.Context, id uuid.UUID, viewer domain.UserID,
	fn func(ctx context.Context, c Community, me *Member) (delta int, err error)) (int, error) {
	var count int
	err := m.Tx.InTx(ctx, func(ctx context.Context) error {
		c, err := m.Store.Lock(ctx, id, NoKeyUpdate)
		if err != nil {
			return err
		}
		me, err := m.Members.Membership(ctx, id, viewer, Update)
		if err != nil {
			return err
		}
		delta, err := fn(ctx, c, me)
		if err != nil {
			return err
		}
		count = c.MemberCount
		if delta == 0 {
			return nil
		}
		if count, err = m.Store.AddMembers(ctx, id, delta); err != nil {
			return err
		}
		return indexCommunity(ctx, m.Search, id)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return 0, notFound()
	}
	if errors.Is(err, ErrNoProfile) {
		return 0, noProfile()
	}
	if _, ok := errs.As(err); ok {
		return 0, err
	}
	if err != nil {
		return 0, fmt.Errorf("membership of community %s: %w", id, err)
	}
	return count, nil
}

// target reads the member row a manager acts on, locked.
func (m *Membership) target(ctx context.Context, community, id uuid.UUID) (Member, error) {
	t, err := m.Members.Member(ctx, community, id, Update)
	if errors.Is(err, domain.ErrNotFound) {
		return Member{}, errs.NotFound(CodeMemberNotFound, MsgMemberNotFound)
	}
	return t, err
}

// approvedDelta is how an approved-row count moves from before to after.
func approvedDelta(before, after Status) int {
	switch {
	case before != StatusApproved && after == StatusApproved:
		return 1
	case before == StatusApproved && after != StatusApproved:
		return -1
	}
	return 0
}
