package app

import (
	"context"

	"social/core/domain"
)

// AccountLocker reads an account and holds its row until the transaction
// of ctx ends (domain.ErrNotFound when there is none), for the features
// that change a member's standing in the same transaction (the account
// deletion).
type AccountLocker interface {
	Lock(ctx context.Context, id domain.UserID) (domain.Account, error)
}
