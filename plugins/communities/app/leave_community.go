package app

import (
	"context"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// LeaveCommunity removes the viewer's row: leaving, or cancelling a
// request. The owner cannot leave. Without a row it changes nothing.
type LeaveCommunity struct{ *Membership }

// Handle answers the community's member_count.
func (uc *LeaveCommunity) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	return uc.change(ctx, id, viewer.UserID, func(ctx context.Context, _ Community, me *Member) (int, error) {
		if me == nil {
			return 0, nil
		}
		if me.Role == RoleOwner {
			return 0, errs.Invalid(CodeOwnerCannotLeave, MsgOwnerCannotLeave, nil)
		}
		if err := uc.Members.DeleteMember(ctx, me.ID); err != nil {
			return 0, err
		}
		uc.departed(ctx, me.UserID)
		return approvedDelta(me.Status, ""), nil
	})
}
