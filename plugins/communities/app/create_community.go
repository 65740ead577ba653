package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// CreateCommunity creates a community owned by the viewer: the community,
// the owner's approved member row (member_count 1) and its search job in
// one transaction.
type CreateCommunity struct {
	Tx      ports.Transactor
	Store   CommunityStore
	Members MemberStore
	Search  ports.SearchIndexQueue
	Clock   ports.Clock
}

// Handle validates the form and creates; a taken name (any case) is 409.
func (uc *CreateCommunity) Handle(ctx context.Context, viewer domain.Viewer, in NewCommunity) (Community, error) {
	if !viewer.SignedIn() {
		return Community{}, errs.Unauthenticated(CodeUnauthenticated, MsgNoUser)
	}
	form, err := in.normalize()
	if err != nil {
		return Community{}, err
	}
	c, err := create(ctx, uc.Tx, uc.Store, uc.Members, uc.Search, uc.Clock, viewer.UserID, form)
	if errors.Is(err, errNameTaken) {
		return Community{}, errs.Conflict(CodeNameTaken, MsgNameTaken)
	}
	if errors.Is(err, ErrNoProfile) {
		return Community{}, noProfile()
	}
	if err != nil {
		return Community{}, fmt.Errorf("create community: %w", err)
	}
	out, err := uc.Store.Get(ctx, c.ID, viewer.UserID)
	if err != nil {
		return Community{}, fmt.Errorf("read new community %s: %w", c.ID, err)
	}
	return out, nil
}

var errNameTaken = errors.New("community name taken")

// create stores a valid form for owner (joining the transaction of ctx, if
// any); errNameTaken when the name is in use.
func create(ctx context.Context, tx ports.Transactor, store CommunityStore, members MemberStore,
	search ports.SearchIndexQueue, clock ports.Clock, owner domain.UserID, form NewCommunity) (Community, error) {
	now := clock.Now()
	c := Community{ID: newID(), Name: form.Name, Description: form.Description, Privacy: form.Privacy,
		OwnerID: owner, MemberCount: 1, CreatedAt: now}
	err := tx.InTx(ctx, func(ctx context.Context) error {
		inserted, err := store.Insert(ctx, c)
		if err != nil {
			return err
		}
		if !inserted {
			return errNameTaken
		}
		m := Member{ID: newID(), CommunityID: c.ID, UserID: owner, Role: RoleOwner, Status: StatusApproved, JoinedAt: now}
		if err := members.InsertMember(ctx, m); err != nil {
			return err
		}
		return indexCommunity(ctx, search, c.ID)
	})
	return c, err
}
