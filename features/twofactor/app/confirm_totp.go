package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// ConfirmTOTP turns the authenticator app on with its first valid code,
// makes the recovery codes (shown this once) when the member has none, and
// tells the member by e-mail, in one transaction.
type ConfirmTOTP struct {
	Tx       ports.Transactor
	Store    Store
	Accounts AccountReader
	Outbox   ports.Outbox
	Clock    ports.Clock
	Settings Settings
}

// Handle confirms; the answer is the new recovery codes, or none when the
// member already had some.
func (uc *ConfirmTOTP) Handle(ctx context.Context, v domain.Viewer, code string) ([]string, error) {
	acc, err := member(v)
	if err != nil {
		return nil, err
	}
	now := uc.Clock.Now()
	var codes []string
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		t, err := uc.Store.TOTP(ctx, acc)
		if errors.Is(err, domain.ErrNotFound) {
			return errs.Conflict(CodeTOTPNotStarted, MsgTOTPNotStarted)
		}
		if err != nil {
			return fmt.Errorf("totp of %s: %w", acc, err)
		}
		if t.Confirmed {
			return errs.Conflict(CodeTOTPAlreadyOn, MsgTOTPAlreadyOn)
		}
		step, ok := matchTOTP(t.Secret, normalizeCode(code), now)
		if !ok {
			return errs.Invalid(CodeInvalidCode, MsgInvalidCode, map[string]string{"code": MsgInvalidCode})
		}
		confirmed, err := uc.Store.ConfirmTOTP(ctx, acc, step, now)
		if err != nil {
			return fmt.Errorf("confirm totp: %w", err)
		}
		if !confirmed {
			return errs.Conflict(CodeTOTPNotStarted, MsgTOTPNotStarted)
		}
		n := notifier{Accounts: uc.Accounts, Outbox: uc.Outbox, PublicURL: uc.Settings.PublicURL}
		codes, err = secondStepAdded(ctx, uc.Store, n, acc, now, mailTOTPOn)
		return err
	})
	if err != nil {
		return nil, err
	}
	return codes, nil
}

// secondStepAdded finishes the addition of the app or of a passkey, in its
// transaction: a member without recovery codes (their first second step)
// gets new ones, answered to be shown this once (nil when they keep
// theirs), and the member is told what was added.
func secondStepAdded(ctx context.Context, store Store, n notifier, acc domain.UserID, now time.Time,
	what string) ([]string, error) {
	left, err := store.RecoveryCodesLeft(ctx, acc)
	if err != nil {
		return nil, fmt.Errorf("recovery codes: %w", err)
	}
	var codes []string
	if left == 0 {
		var hashes [][]byte
		codes, hashes = newRecoveryCodes(RecoveryCodeCount)
		if err := store.ReplaceRecoveryCodes(ctx, acc, hashes, now); err != nil {
			return nil, fmt.Errorf("store recovery codes: %w", err)
		}
	}
	return codes, n.tell(ctx, acc, what)
}
