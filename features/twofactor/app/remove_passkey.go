package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// RemovePasskey removes one of the viewer's passkeys (another member's
// answers as a missing one) and tells the member by e-mail. With neither
// an app nor a passkey left, the recovery codes go too.
type RemovePasskey struct {
	Tx       ports.Transactor
	Store    Store
	Accounts AccountReader
	Outbox   ports.Outbox
	Settings Settings
}

// Handle removes the passkey.
func (uc *RemovePasskey) Handle(ctx context.Context, v domain.Viewer, id string) error {
	acc, err := member(v)
	if err != nil {
		return err
	}
	return uc.Tx.InTx(ctx, func(ctx context.Context) error {
		p, err := uc.Store.RemovePasskey(ctx, acc, id)
		if errors.Is(err, domain.ErrNotFound) {
			return errs.NotFound(CodePasskeyNotFound, MsgPasskeyNotFound)
		}
		if err != nil {
			return fmt.Errorf("remove passkey: %w", err)
		}
		n := notifier{Accounts: uc.Accounts, Outbox: uc.Outbox, PublicURL: uc.Settings.PublicURL}
		return secondStepRemoved(ctx, uc.Store, n, acc, fmt.Sprintf(mailPasskeyGone, p.Name))
	})
}
