package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// DisableTOTP turns the authenticator app off, given one of its current
// codes (or a recovery code), so a session left open elsewhere cannot
// take the second step away. With no passkey left the recovery codes go
// too. The member is told by e-mail.
type DisableTOTP struct {
	Tx       ports.Transactor
	Store    Store
	Accounts AccountReader
	Outbox   ports.Outbox
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Settings Settings
}

// Handle turns the app off. Attempts count per member, so a session left
// open cannot guess its way through.
func (uc *DisableTOTP) Handle(ctx context.Context, v domain.Viewer, code string) error {
	acc, err := member(v)
	if err != nil {
		return err
	}
	wait, err := uc.Limiter.Take(ctx, ports.RateRule{Bucket: "totp_disable", Key: acc.String(), Limit: MaxFailures, Window: FailureWindow})
	if err != nil {
		return fmt.Errorf("totp disable limit: %w", err)
	}
	if wait > 0 {
		return errs.RateLimited(CodeRateLimited, MsgTooManyAttempts, MsgWaitSecondStep, wait)
	}
	now := uc.Clock.Now()
	return uc.Tx.InTx(ctx, func(ctx context.Context) error {
		t, err := uc.Store.TOTP(ctx, acc)
		if errors.Is(err, domain.ErrNotFound) || (err == nil && !t.Confirmed) {
			return errs.Conflict(CodeTOTPNotOn, MsgTOTPNotOn)
		}
		if err != nil {
			return fmt.Errorf("totp of %s: %w", acc, err)
		}
		ok, err := verifyTOTP(ctx, uc.Store, acc, code, now)
		if err != nil {
			return err
		}
		if !ok {
			if ok, err = uc.Store.UseRecoveryCode(ctx, acc, hashOf(normalizeCode(code)), now); err != nil {
				return fmt.Errorf("recovery code: %w", err)
			}
		}
		if !ok {
			return errs.Invalid(CodeInvalidCode, MsgInvalidCode, map[string]string{"code": MsgInvalidCode})
		}
		if _, err := uc.Store.DeleteTOTP(ctx, acc); err != nil {
			return fmt.Errorf("delete totp: %w", err)
		}
		n := notifier{Accounts: uc.Accounts, Outbox: uc.Outbox, PublicURL: uc.Settings.PublicURL}
		return secondStepRemoved(ctx, uc.Store, n, acc, mailTOTPOff)
	})
}

// secondStepRemoved finishes the removal of the app or of a passkey, in its
// transaction: the recovery codes of a member left with neither go, and
// the member is told what went.
func secondStepRemoved(ctx context.Context, store Store, n notifier, acc domain.UserID, what string) error {
	if err := dropRecoveryWithoutSecondStep(ctx, store, acc); err != nil {
		return err
	}
	return n.tell(ctx, acc, what)
}

// dropRecoveryWithoutSecondStep deletes the recovery codes of a member
// left with neither an app nor a passkey: they would open nothing.
func dropRecoveryWithoutSecondStep(ctx context.Context, store Store, acc domain.UserID) error {
	keys, err := store.Passkeys(ctx, acc)
	if err != nil {
		return fmt.Errorf("passkeys of %s: %w", acc, err)
	}
	t, err := store.TOTP(ctx, acc)
	hasTOTP := err == nil && t.Confirmed
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("totp of %s: %w", acc, err)
	}
	if len(keys) == 0 && !hasTOTP {
		return store.DeleteRecoveryCodes(ctx, acc)
	}
	return nil
}
