package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// Member is a local member as federation names them: the ID its actor is
// built on, the handle of its WebFinger address, and whether the account
// is suspended or deleted.
type Member struct {
	ID        domain.UserID
	Handle    string
	Suspended bool
	Deleted   bool
}

// MemberStore reads members by handle or ID; domain.ErrNotFound for
// nobody.
type MemberStore interface {
	MemberByHandle(ctx context.Context, handle string) (Member, error)
	MemberByID(ctx context.Context, id domain.UserID) (Member, error)
}

// FindMember finds the local member an address of the social web names.
// A suspended or deleted member is not found: the rest of the web sees
// them gone, as our own screens do.
type FindMember struct {
	Members MemberStore
}

// ByHandle is the member of handle (any case, '@' optional).
func (uc *FindMember) ByHandle(ctx context.Context, handle string) (Member, error) {
	h, ok := domain.NormalHandle(handle)
	if !ok {
		return Member{}, notFound()
	}
	return found(uc.Members.MemberByHandle(ctx, h))
}

// ByID is the member of id, given as text (a path's segment).
func (uc *FindMember) ByID(ctx context.Context, id string) (Member, error) {
	uid, err := domain.ParseUserID(id)
	if err != nil || uid.String() != id {
		return Member{}, notFound()
	}
	return found(uc.Members.MemberByID(ctx, uid))
}

func found(m Member, err error) (Member, error) {
	if errors.Is(err, domain.ErrNotFound) || (err == nil && (m.Suspended || m.Deleted)) {
		return Member{}, notFound()
	}
	if err != nil {
		return Member{}, fmt.Errorf("federation member: %w", err)
	}
	return m, nil
}

func notFound() error { return errs.NotFound(CodeNotFound, MsgNotFound) }
