package app

import (
	"context"

	"social/core/domain"
)

// ProfileCreator stores a new member's profile, in the transaction of ctx
// when there is one: the accounts feature creates it with the account.
// A taken handle is domain.ErrHandleTaken.
type ProfileCreator interface {
	Create(ctx context.Context, p domain.Profile) error
}
