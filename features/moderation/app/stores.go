package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// AccountStore reads, locks and changes accounts for moderation.
type AccountStore interface {
	// Lock reads the account and holds its row until the transaction ends
	// (domain.ErrNotFound when there is none).
	Lock(ctx context.Context, id domain.UserID) (domain.Account, error)
	SetRole(ctx context.Context, id domain.UserID, role domain.Role, at time.Time) error
	// SetSuspension suspends (since non-nil) or lifts (since nil).
	SetSuspension(ctx context.Context, id domain.UserID, since *time.Time, reason *string, at time.Time) error
}

// onLockedAccount runs act on target's account, its row held, in one
// transaction, and answers the account as act left it.
func onLockedAccount(ctx context.Context, tx ports.Transactor, accounts AccountStore, target domain.UserID,
	act func(ctx context.Context, acc *domain.Account) error) (domain.Account, error) {
	var acc domain.Account
	err := tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if acc, err = accounts.Lock(ctx, target); err != nil {
			return err
		}
		return act(ctx, &acc)
	})
	return acc, err
}

// SessionRevoker ends every session of a member.
type SessionRevoker interface {
	RevokeAll(ctx context.Context, accountID domain.UserID, at time.Time, reason string) error
}

// AuthorIndexQueue enqueues, in the transaction of ctx, the search
// indexing of every post of an author, so their posts leave search when
// they are suspended and come back when it is lifted.
type AuthorIndexQueue interface {
	EnqueueAuthorPosts(ctx context.Context, author domain.UserID) error
}
