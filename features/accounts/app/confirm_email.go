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

// EmailTokenConsumer uses up an e-mail token: it returns the account the
// token was for, or domain.ErrNotFound when it is unknown, used, expired or
// for another purpose.
type EmailTokenConsumer interface {
	Consume(ctx context.Context, hash []byte, purpose TokenPurpose, now time.Time) (domain.UserID, error)
}

// AccountConfirmer reads an account and marks its e-mail as confirmed.
type AccountConfirmer interface {
	ByID(ctx context.Context, id domain.UserID) (domain.Account, error)
	// Confirm sets the confirmation time unless one is already set.
	Confirm(ctx context.Context, id domain.UserID, at time.Time) error
}

// ConfirmEmail confirms a member's e-mail with the mailed token and signs
// them in.
type ConfirmEmail struct {
	Tx           ports.Transactor
	Tokens       EmailTokenConsumer
	Accounts     AccountConfirmer
	Sessions     SessionCreator
	Profiles     ProfileReader
	AccessTokens ports.AccessTokens
	Clock        ports.Clock
	Settings     Settings
}

// Handle confirms and opens a session on device. A bad token is an
// invalid_token error.
func (uc *ConfirmEmail) Handle(ctx context.Context, token string, device Device) (Session, error) {
	var s Session
	err := uc.Tx.InTx(ctx, func(ctx context.Context) error {
		now := uc.Clock.Now()
		id, err := uc.Tokens.Consume(ctx, HashSecret(token), PurposeConfirmEmail, now)
		if err != nil {
			return err
		}
		if err := uc.Accounts.Confirm(ctx, id, now); err != nil {
			return err
		}
		acc, err := uc.Accounts.ByID(ctx, id)
		if err != nil {
			return err
		}
		s, err = sessionOpener{Sessions: uc.Sessions, Profiles: uc.Profiles, Tokens: uc.AccessTokens,
			Clock: uc.Clock, MaxAge: uc.Settings.SessionMaxAge}.open(ctx, acc, device)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) || token == "" {
		return Session{}, errs.Invalid(CodeInvalidToken, MsgInvalidEmailToken, nil)
	}
	if err != nil {
		return Session{}, fmt.Errorf("confirm email: %w", err)
	}
	return s, nil
}
