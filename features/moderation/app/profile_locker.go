package app

import (
	"context"

	"social/core/domain"
)

// ProfileLocker reads a profile and holds its row until the transaction of
// ctx ends (domain.ErrNotFound when there is none): the profiles feature's
// store, which owns the row the verified flag is set on.
type ProfileLocker interface {
	Lock(ctx context.Context, id domain.UserID) (domain.Profile, error)
}
