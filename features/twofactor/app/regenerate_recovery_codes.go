package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// RegenerateRecoveryCodes replaces the viewer's recovery codes with new
// ones, shown this once; the old ones stop working. Only a member with a
// second step has any. The member is told by e-mail.
type RegenerateRecoveryCodes struct {
	Tx       ports.Transactor
	Store    Store
	Gate     *BeginSecondStep
	Accounts AccountReader
	Outbox   ports.Outbox
	Clock    ports.Clock
	Settings Settings
}

// Handle makes the new codes.
func (uc *RegenerateRecoveryCodes) Handle(ctx context.Context, v domain.Viewer) ([]string, error) {
	acc, err := member(v)
	if err != nil {
		return nil, err
	}
	var codes []string
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		has, err := uc.Gate.Has(ctx, acc)
		if err != nil {
			return err
		}
		if !has {
			return errs.Conflict(CodeNoSecondStep, MsgNoSecondStep)
		}
		var hashes [][]byte
		codes, hashes = newRecoveryCodes(RecoveryCodeCount)
		if err := uc.Store.ReplaceRecoveryCodes(ctx, acc, hashes, uc.Clock.Now()); err != nil {
			return fmt.Errorf("store recovery codes: %w", err)
		}
		return notifier{Accounts: uc.Accounts, Outbox: uc.Outbox, PublicURL: uc.Settings.PublicURL}.tell(ctx, acc, mailRecoveryCodes)
	})
	if err != nil {
		return nil, err
	}
	return codes, nil
}
