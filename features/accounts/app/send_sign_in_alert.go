package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/ports"
)

// SendSignInAlert is the job that tells a member their account saw a burst
// of failed sign-ins: at most one e-mail per SignInWindow, and nothing for
// an e-mail without an account.
type SendSignInAlert struct {
	Tx       ports.Transactor
	Accounts AccountFinder
	Profiles ProfileReader
	Outbox   ports.Outbox
	Limiter  ports.RateLimiter
	Settings Settings
}

// Handle sends the warning, unless one left within the window.
func (uc *SendSignInAlert) Handle(ctx context.Context, email string) error {
	acc, err := uc.Accounts.ByEmail(ctx, email)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("find account: %w", err)
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "sign_in_alert", Key: acc.ID.String(), Limit: 1, Window: SignInWindow})
	if err != nil {
		return fmt.Errorf("sign-in alert limit: %w", err)
	}
	if wait > 0 {
		return nil
	}
	prof, err := uc.Profiles.ByID(ctx, acc.ID)
	if err != nil {
		return fmt.Errorf("profile of %s: %w", acc.ID, err)
	}
	mail := ports.Mail{To: acc.Email, Subject: signInAlertSubject,
		BodyText: fmt.Sprintf(signInAlertBody, prof.DisplayName, uc.Settings.PublicURL+"/auth")}
	if err := uc.Tx.InTx(ctx, func(ctx context.Context) error { return uc.Outbox.Enqueue(ctx, mail) }); err != nil {
		return fmt.Errorf("sign-in alert for %s: %w", acc.ID, err)
	}
	return nil
}
