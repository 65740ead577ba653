package app

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"social/core/domain"
	"social/core/ports"
)

// AccountFinder finds an account by e-mail, case-insensitively.
type AccountFinder interface {
	ByEmail(ctx context.Context, email string) (domain.Account, error)
}

// ResendConfirmation mails a new confirmation link to an unconfirmed
// account, at most once a minute per address. The answer is the same
// whether or not the address has an account.
type ResendConfirmation struct {
	Tx       ports.Transactor
	Accounts AccountFinder
	Profiles ProfileReader
	Tokens   EmailTokenCreator
	Outbox   ports.Outbox
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Settings Settings
}

// Handle returns the message to show.
func (uc *ResendConfirmation) Handle(ctx context.Context, email string) (string, error) {
	email = strings.TrimSpace(email)
	if domain.EmailProblem(email) != "" {
		return MsgConfirmationSent, nil
	}
	wait, err := uc.Limiter.Take(ctx, resendRule(email))
	if err != nil {
		return "", fmt.Errorf("resend rate limit: %w", err)
	}
	if wait > 0 {
		return "", rateLimited(MsgWaitResend, wait)
	}
	acc, err := uc.Accounts.ByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return MsgConfirmationSent, nil
	}
	if err != nil {
		return "", fmt.Errorf("find account: %w", err)
	}
	if acc.Confirmed() {
		return MsgConfirmationSent, nil
	}
	prof, err := uc.Profiles.ByID(ctx, acc.ID)
	if err != nil {
		return "", fmt.Errorf("profile of %s: %w", acc.ID, err)
	}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		return sendConfirmation(ctx, uc.Settings, uc.Tokens, uc.Outbox, acc.ID, acc.Email, prof.DisplayName, uc.Clock.Now())
	})
	if err != nil {
		return "", fmt.Errorf("resend confirmation to %s: %w", acc.ID, err)
	}
	return MsgConfirmationSent, nil
}
