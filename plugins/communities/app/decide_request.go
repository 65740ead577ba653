package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// DecideRequest approves or rejects a request to join, for the owner and
// the community's admins. Approving an approved member, or rejecting a
// rejected one, changes nothing; an approved member cannot be rejected (the
// owner removes them instead).
type DecideRequest struct{ *Membership }

// Approve approves member memberID of community id.
func (uc *DecideRequest) Approve(ctx context.Context, viewer domain.Viewer, id, memberID uuid.UUID) (Member, error) {
	return uc.decide(ctx, viewer, id, memberID, StatusApproved)
}

// Reject rejects member memberID of community id.
func (uc *DecideRequest) Reject(ctx context.Context, viewer domain.Viewer, id, memberID uuid.UUID) (Member, error) {
	return uc.decide(ctx, viewer, id, memberID, StatusRejected)
}

func (uc *DecideRequest) decide(ctx context.Context, viewer domain.Viewer, id, memberID uuid.UUID, to Status) (Member, error) {
	if !viewer.SignedIn() {
		return Member{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	var out Member
	_, err := uc.change(ctx, id, viewer.UserID, func(ctx context.Context, _ Community, me *Member) (int, error) {
		if !me.Manages() {
			return 0, forbidden()
		}
		t, err := uc.target(ctx, id, memberID)
		if err != nil {
			return 0, err
		}
		before := t.Status
		switch {
		case before == to:
			out = t
			return 0, nil
		case to == StatusRejected && before == StatusApproved:
			return 0, errs.Invalid(CodeNotPending, MsgNotPending, nil)
		}
		t.Status = to
		if to == StatusApproved {
			t.JoinedAt = uc.Clock.Now()
		}
		if err := uc.Members.UpdateMember(ctx, t); err != nil {
			return 0, err
		}
		out = t
		return approvedDelta(before, to), nil
	})
	return out, err
}
