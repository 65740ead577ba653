package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// JoinCommunity joins an open community at once or asks to join a closed
// one (pending). Joining again changes nothing; a rejected member asks
// again (pending once more).
type JoinCommunity struct{ *Membership }

// Joined is the viewer's membership and the community's member_count.
type Joined struct {
	Membership  Member
	MemberCount int
}

// Handle joins or asks.
func (uc *JoinCommunity) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (Joined, error) {
	if !viewer.SignedIn() {
		return Joined{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUserJoin)
	}
	var out Joined
	n, err := uc.change(ctx, id, viewer.UserID, func(ctx context.Context, c Community, me *Member) (int, error) {
		status := StatusPending
		if c.Privacy == Open {
			status = StatusApproved
		}
		now := uc.Clock.Now()
		switch {
		case me == nil:
			m := Member{ID: newID(), CommunityID: id, UserID: viewer.UserID, Role: RoleMember, Status: status, JoinedAt: now}
			if err := uc.Members.InsertMember(ctx, m); err != nil {
				return 0, err
			}
			out.Membership = m
			return approvedDelta("", status), nil
		case me.Status == StatusRejected:
			before := me.Status
			me.Status, me.JoinedAt = status, now
			if err := uc.Members.UpdateMember(ctx, *me); err != nil {
				return 0, err
			}
			out.Membership = *me
			return approvedDelta(before, status), nil
		default:
			out.Membership = *me
			return 0, nil
		}
	})
	out.MemberCount = n
	return out, err
}
