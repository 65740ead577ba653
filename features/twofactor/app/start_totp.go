package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// TOTPEnrolment is a new secret for the member's authenticator app: the
// otpauth:// address the QR code carries and the secret to type in.
type TOTPEnrolment struct {
	Secret string
	URI    string
}

// StartTOTP makes a new secret for the viewer, unconfirmed until a first
// valid code (ConfirmTOTP); an earlier unconfirmed one is replaced. A
// member with the app already on must turn it off first.
type StartTOTP struct {
	Store    Store
	Accounts AccountReader
	Clock    ports.Clock
}

// Handle starts the enrolment.
func (uc *StartTOTP) Handle(ctx context.Context, v domain.Viewer) (TOTPEnrolment, error) {
	acc, err := member(v)
	if err != nil {
		return TOTPEnrolment{}, err
	}
	a, err := uc.Accounts.ByID(ctx, acc)
	if err != nil {
		return TOTPEnrolment{}, fmt.Errorf("account %s: %w", acc, err)
	}
	secret := newTOTPSecret()
	ok, err := uc.Store.PutPendingTOTP(ctx, acc, secret, uc.Clock.Now())
	if err != nil {
		return TOTPEnrolment{}, fmt.Errorf("store totp: %w", err)
	}
	if !ok {
		return TOTPEnrolment{}, errs.Conflict(CodeTOTPAlreadyOn, MsgTOTPAlreadyOn)
	}
	return TOTPEnrolment{Secret: SecretText(secret), URI: OTPAuthURI(secret, a.Email)}, nil
}
