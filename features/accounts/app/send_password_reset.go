package app

import (
	"context"
	"fmt"
	"net/url"

	"social/core/domain"
	"social/core/ports"
)

// SendPasswordReset is the job behind RequestPasswordReset: it mails a
// reset link if the address has an account, and nothing otherwise. Sending
// is limited per e-mail, known or not: a second request within a minute
// sends nothing, nor does one after ResetPerEmail links left within
// ResetWindow. Every link mailed goes to the owner and works for
// Settings.PasswordResetTTL, so requests by others never leave the owner
// without one.
type SendPasswordReset struct {
	AccountMailer
	Tokens EmailTokenCreator
	Clock  ports.Clock
}

// Handle sends the mail of one request.
func (uc *SendPasswordReset) Handle(ctx context.Context, email string) error {
	key := domain.NormalizeEmail(email)
	wait, err := uc.Limiter.Take(ctx,
		ports.RateRule{Bucket: "password_reset_email", Key: key, Limit: 1, Window: ResetCooldown},
		ports.RateRule{Bucket: "password_reset_sent_email", Key: key, Limit: ResetPerEmail, Window: ResetWindow})
	if err != nil {
		return fmt.Errorf("password reset rate limit: %w", err)
	}
	if wait > 0 {
		return nil
	}
	to, found, err := uc.addressee(ctx, email)
	if err != nil || !found {
		return err
	}
	link := emailLink{Purpose: PurposeResetPassword, TTL: uc.Settings.PasswordResetTTL}
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		return link.send(ctx, uc.Tokens, uc.Outbox, to.ID, uc.Clock.Now(), func(token string) ports.Mail {
			address := uc.Settings.PublicURL + "/auth/reset?token=" + url.QueryEscape(token)
			return ports.Mail{To: to.Email, Subject: resetSubject,
				BodyText: fmt.Sprintf(resetBody, to.Name, address, humanDuration(link.TTL))}
		})
	})
	if err != nil {
		return fmt.Errorf("password reset for %s: %w", to.ID, err)
	}
	return nil
}
