package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// ManageMembers is the owner's: switching an approved member between admin
// and member, and removing a member (or a request). The owner's own row is
// out of reach.
type ManageMembers struct{ *Membership }

// SetRole gives member memberID the role admin or member.
func (uc *ManageMembers) SetRole(ctx context.Context, viewer domain.Viewer, id, memberID uuid.UUID, role Role) (Member, error) {
	if !viewer.SignedIn() {
		return Member{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if role != RoleAdmin && role != RoleMember {
		return Member{}, errs.Invalid(CodeInvalid, MsgBadRole, map[string]string{"role": MsgBadRole})
	}
	var out Member
	_, err := uc.onMember(ctx, viewer, id, memberID, func(ctx context.Context, t Member) (int, error) {
		if t.Status != StatusApproved {
			return 0, errs.Invalid(CodeNotApproved, MsgNotApproved, nil)
		}
		t.Role = role
		out = t
		return 0, uc.Members.UpdateMember(ctx, t)
	})
	return out, err
}

// Remove deletes member memberID's row.
func (uc *ManageMembers) Remove(ctx context.Context, viewer domain.Viewer, id, memberID uuid.UUID) error {
	_, err := uc.onMember(ctx, viewer, id, memberID, func(ctx context.Context, t Member) (int, error) {
		if err := uc.Members.DeleteMember(ctx, t.ID); err != nil {
			return 0, err
		}
		uc.departed(ctx, t.UserID)
		return approvedDelta(t.Status, ""), nil
	})
	return err
}

// onMember runs act on member memberID's row of community id when the
// viewer owns the community; the owner's own row is out of reach. act
// answers the change of the approved members' count.
func (uc *ManageMembers) onMember(ctx context.Context, viewer domain.Viewer, id, memberID uuid.UUID,
	act func(ctx context.Context, t Member) (int, error)) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	return uc.change(ctx, id, viewer.UserID, func(ctx context.Context, _ Community, me *Member) (int, error) {
		if !me.Owns() {
			return 0, forbidden()
		}
		t, err := uc.target(ctx, id, memberID)
		if err != nil {
			return 0, err
		}
		if t.Role == RoleOwner {
			return 0, errs.Invalid(CodeOwnerRow, MsgOwnerRow, nil)
		}
		return act(ctx, t)
	})
}
