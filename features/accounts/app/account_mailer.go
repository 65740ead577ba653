package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/ports"
)

// AccountMailer is what the use cases that mail the account of an e-mail
// address share: finding the account and the name to greet, and queuing
// the mail in a transaction.
type AccountMailer struct {
	Tx       ports.Transactor
	Accounts AccountFinder
	Profiles ProfileReader
	Outbox   ports.Outbox
	Limiter  ports.RateLimiter
	Settings Settings
}

// addressee is the account an e-mail address names and the display name
// its mail greets.
type addressee struct {
	domain.Account
	Name string
}

// addressee finds the account of email and its display name. found is
// false, with no error, when the address has no account.
func (m AccountMailer) addressee(ctx context.Context, email string) (to addressee, found bool, err error) {
	acc, err := m.Accounts.ByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return addressee{}, false, nil
	}
	if err != nil {
		return addressee{}, false, fmt.Errorf("find account: %w", err)
	}
	prof, err := m.Profiles.ByID(ctx, acc.ID)
	if err != nil {
		return addressee{}, false, fmt.Errorf("profile of %s: %w", acc.ID, err)
	}
	return addressee{Account: acc, Name: prof.DisplayName}, true, nil
}
