package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/ports"
)

// notifier tells a member by e-mail of a change to their second step, in
// the transaction of the change.
type notifier struct {
	Accounts  AccountReader
	Outbox    ports.Outbox
	PublicURL string
}

func (n notifier) tell(ctx context.Context, acc domain.UserID, what string) error {
	a, err := n.Accounts.ByID(ctx, acc)
	if err != nil {
		return fmt.Errorf("account %s: %w", acc, err)
	}
	if err := n.Outbox.Enqueue(ctx, ports.Mail{To: a.Email, Subject: mailSubject,
		BodyText: fmt.Sprintf(mailBody, what, n.PublicURL)}); err != nil {
		return fmt.Errorf("mail: %w", err)
	}
	return nil
}
