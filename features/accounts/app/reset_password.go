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

// ResetPasswordInput is the reset form with the mailed token.
type ResetPasswordInput struct {
	Token                string
	Password             string
	PasswordConfirmation string
	// DeviceToken is the social_device cookie, if the browser has one.
	DeviceToken string
}

// PasswordReset is a completed reset: the message to show and the
// known-device token the browser that reset is to keep (social_device).
type PasswordReset struct {
	Message     string
	DeviceToken string
}

// PasswordSetter stores a new password (and confirms the e-mail: following
// the mailed link proved the member owns it).
type PasswordSetter interface {
	SetPassword(ctx context.Context, id domain.UserID, hash string, at time.Time) error
	Confirm(ctx context.Context, id domain.UserID, at time.Time) error
}

// AllSessionsRevoker ends every session of a member.
type AllSessionsRevoker interface {
	RevokeAll(ctx context.Context, accountID domain.UserID, at time.Time, reason string) error
}

// ResetPassword sets a new password with a mailed token and ends every
// session of the member. The browser that did it becomes a device known to
// the account (as after a password sign-in), so an owner who recovered by
// e-mail while an attacker fills the sign-in limits gets in from it.
type ResetPassword struct {
	Tx       ports.Transactor
	Tokens   EmailTokenConsumer
	Accounts PasswordSetter
	Sessions AllSessionsRevoker
	Hasher   ports.PasswordHasher
	Devices  KnownDevices
	Clock    ports.Clock
	// Ends is told, after the commit, that every session of the account
	// ended; nil leaves the sockets to their periodic recheck.
	Ends ports.SessionEnds
}

// Handle returns the message to show and the device token. A bad token is
// an invalid_token error.
func (uc *ResetPassword) Handle(ctx context.Context, in ResetPasswordInput) (PasswordReset, error) {
	fields := map[string]string{}
	addProblem(fields, "password", domain.PasswordProblem(in.Password))
	addProblem(fields, "password_confirmation", domain.ConfirmationProblem(in.Password, in.PasswordConfirmation))
	if len(fields) > 0 {
		return PasswordReset{}, errs.Invalid(CodeInvalidInput, errs.MsgFixErrors, fields)
	}
	if in.Token == "" {
		return PasswordReset{}, errs.Invalid(CodeInvalidToken, MsgInvalidEmailToken, nil)
	}
	hash, err := uc.Hasher.Hash(in.Password)
	if err != nil {
		return PasswordReset{}, fmt.Errorf("hash password: %w", err)
	}
	var id domain.UserID
	var device string
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		now := uc.Clock.Now()
		id, err = uc.Tokens.Consume(ctx, HashSecret(in.Token), PurposeResetPassword, now)
		if err != nil {
			return err
		}
		if err := uc.Accounts.SetPassword(ctx, id, hash, now); err != nil {
			return err
		}
		if err := uc.Accounts.Confirm(ctx, id, now); err != nil {
			return err
		}
		if err := uc.Sessions.RevokeAll(ctx, id, now, RevokedPasswordSet); err != nil {
			return err
		}
		device, err = rememberDevice(ctx, uc.Devices, id, in.DeviceToken, now)
		return err
	})
	if errors.Is(err, domain.ErrNotFound) {
		return PasswordReset{}, errs.Invalid(CodeInvalidToken, MsgInvalidEmailToken, nil)
	}
	if err != nil {
		return PasswordReset{}, fmt.Errorf("reset password: %w", err)
	}
	if uc.Ends != nil {
		uc.Ends.SessionsEnded(ctx, id)
	}
	return PasswordReset{Message: MsgPasswordWasReset, DeviceToken: device}, nil
}
