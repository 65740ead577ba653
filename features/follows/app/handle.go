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

func notFound() error { return errs.NotFound(CodeNotFound, MsgProfileNotFound) }

// resolve is the member of handle, or the profile-not-found error.
func resolve(ctx context.Context, r HandleResolver, handle string) (domain.UserID, error) {
	h, ok := domain.NormalHandle(handle)
	if !ok {
		return domain.UserID{}, notFound()
	}
	id, err := r.IDByHandle(ctx, h)
	if errors.Is(err, domain.ErrNotFound) {
		return domain.UserID{}, notFound()
	}
	if err != nil {
		return domain.UserID{}, fmt.Errorf("profile @%s: %w", h, err)
	}
	return id, nil
}
