package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// emailLink is a single-use link mailed to an account: the token's purpose
// and how long it works.
type emailLink struct {
	Purpose TokenPurpose
	TTL     time.Duration
}

// send stores a new token for account and queues the mail that carries it,
// in the transaction of ctx, so that a token never exists without its mail
// nor a mail without its token. mail writes the message around the token.
func (l emailLink) send(ctx context.Context, tokens EmailTokenCreator, outbox ports.Outbox, account domain.UserID,
	now time.Time, mail func(token string) ports.Mail) error {
	token, hash := newSecret()
	if err := tokens.Create(ctx, EmailToken{Hash: hash, AccountID: account, Purpose: l.Purpose,
		CreatedAt: now, ExpiresAt: now.Add(l.TTL)}); err != nil {
		return err
	}
	return outbox.Enqueue(ctx, mail(token))
}
