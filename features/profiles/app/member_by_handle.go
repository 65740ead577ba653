package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// HandleResolver finds the member behind a handle.
type HandleResolver interface {
	IDByHandle(ctx context.Context, handle string) (domain.UserID, error)
}

// MemberByHandle is the member of handle, or the profile-not-found error
// every feature that acts on another member by handle answers (follows,
// blocks, mutes).
func MemberByHandle(ctx context.Context, r HandleResolver, handle string) (domain.UserID, error) {
	h, ok := domain.NormalHandle(handle)
	if !ok {
		return domain.UserID{}, errProfileNotFound()
	}
	id, err := r.IDByHandle(ctx, h)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.UserID{}, errProfileNotFound()
	}
	if err != nil {
		return domain.UserID{}, fmt.Errorf("profile @%s: %w", h, err)
	}
	return id, nil
}

func errProfileNotFound() error { return errs.NotFound(CodeNotFound, domain.MsgProfileNotFound) }
