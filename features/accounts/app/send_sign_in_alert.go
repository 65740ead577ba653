package app

import (
	"context"
	"fmt"

	"social/core/ports"
)

// SendSignInAlert is the job that tells a member their account saw a burst
// of failed sign-ins: at most one e-mail per SignInWindow, and nothing for
// an e-mail without an account.
type SendSignInAlert struct {
	AccountMailer
}

// Handle sends the warning, unless one left within the window.
func (uc *SendSignInAlert) Handle(ctx context.Context, email string) error {
	to, found, err := uc.addressee(ctx, email)
	if err != nil || !found {
		return err
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "sign_in_alert", Key: to.ID.String(), Limit: 1, Window: SignInWindow})
	if err != nil {
		return fmt.Errorf("sign-in alert limit: %w", err)
	}
	if wait > 0 {
		return nil
	}
	mail := ports.Mail{To: to.Email, Subject: signInAlertSubject,
		BodyText: fmt.Sprintf(signInAlertBody, to.Name, uc.Settings.PublicURL+"/auth")}
	if err := uc.Tx.InTx(ctx, func(ctx context.Context) error { return uc.Outbox.Enqueue(ctx, mail) }); err != nil {
		return fmt.Errorf("sign-in alert for %s: %w", to.ID, err)
	}
	return nil
}
