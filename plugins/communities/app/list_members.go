package app

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// ListMembers lists a community's approved members (for its approved
// members) or its pending requests (for the owner and admins), oldest
// first.
type ListMembers struct {
	Store   CommunityStore
	Members MemberStore
}

// Handle lists the rows of status ("" means approved).
func (uc *ListMembers) Handle(ctx context.Context, viewer domain.Viewer, id uuid.UUID, status Status) ([]Member, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	if status == "" {
		status = StatusApproved
	}
	if status != StatusApproved && status != StatusPending {
		return nil, errs.Invalid(CodeInvalid, errs.MsgBadRequest, map[string]string{"status": errs.MsgBadRequest})
	}
	c, err := uc.Store.Get(ctx, id, viewer.UserID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil, notFound()
	}
	if err != nil {
		return nil, fmt.Errorf("read community %s: %w", id, err)
	}
	if (status == StatusApproved && !c.Membership.Approved()) || (status == StatusPending && !c.Membership.Manages()) {
		return nil, forbidden()
	}
	list, err := uc.Members.Members(ctx, id, status)
	if err != nil {
		return nil, fmt.Errorf("list members of %s: %w", id, err)
	}
	return list, nil
}
