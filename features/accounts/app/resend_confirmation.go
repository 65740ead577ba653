package app

import (
	"context"
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
	AccountMailer
	Tokens EmailTokenCreator
	Clock  ports.Clock
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
	to, found, err := uc.addressee(ctx, email)
	if err != nil {
		return "", err
	}
	if !found || to.Confirmed() {
		return MsgConfirmationSent, nil
	}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		return sendConfirmation(ctx, uc.Settings, uc.Tokens, uc.Outbox, to.ID, to.Email, to.Name, uc.Clock.Now())
	})
	if err != nil {
		return "", fmt.Errorf("resend confirmation to %s: %w", to.ID, err)
	}
	return MsgConfirmationSent, nil
}
