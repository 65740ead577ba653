package app

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// SignInInput is the sign-in form and where it came from.
type SignInInput struct {
	Email    string
	Password string
	ClientIP string
	// UserAgent names the client's browser in the member's list of sessions.
	UserAgent string
	// DeviceToken is the social_device cookie, if the client has one.
	DeviceToken string
}

// SignIn checks an e-mail and password and opens a session. Failed
// attempts count against the limits (SignInGuard), successful ones never;
// an unknown e-mail and a wrong password get the same answer, after the
// same work.
type SignIn struct {
	Accounts     AccountFinder
	Sessions     SessionCreator
	Profiles     ProfileReader
	AccessTokens ports.AccessTokens
	Hasher       ports.PasswordHasher
	Guard        SignInGuard
	Clock        ports.Clock
	Settings     Settings
	// SecondStep, when set, holds back the session of an account with a
	// second step: the answer is then a *SecondStepRequired.
	SecondStep ports.SecondFactor
	// NewDevice, when set, tells the member of a sign-in from a device
	// the account had not seen.
	NewDevice *NewDeviceNotice
}

// Handle signs a member in.
func (uc *SignIn) Handle(ctx context.Context, in SignInInput) (Session, error) {
	email := strings.TrimSpace(in.Email)
	acc, err := uc.Accounts.ByEmail(ctx, email)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return Session{}, fmt.Errorf("find account: %w", err)
	}
	attempt, err := uc.Guard.begin(ctx, uc.Settings, uc.Clock.Now(), email, in.ClientIP, in.DeviceToken, acc)
	if err != nil {
		return Session{}, err
	}
	// An unknown e-mail is checked against a stand-in hash: same time taken.
	password := in.Password
	if utf8.RuneCountInString(password) > domain.MaxPasswordLength {
		password = "" // no stored password is this long; do not hash megabytes
	}
	ok, err := uc.Hasher.Verify(password, acc.PasswordHash)
	if err != nil {
		return Session{}, fmt.Errorf("verify password: %w", err)
	}
	if !ok || acc.ID.IsZero() || password == "" {
		if err := uc.Guard.failed(ctx, attempt, email); err != nil {
			return Session{}, err
		}
		e := errs.Unauthenticated(CodeInvalidCredentials, MsgBadCredentials)
		e.Title = MsgSignInFailed
		return Session{}, e
	}
	if err := uc.Guard.succeeded(ctx, attempt); err != nil {
		return Session{}, err
	}
	// Told only once the password is right.
	if err := refuseUnusable(acc); err != nil {
		return Session{}, err
	}
	if uc.SecondStep != nil {
		c, pending, err := uc.SecondStep.Begin(ctx, acc.ID)
		if err != nil {
			return Session{}, fmt.Errorf("second step: %w", err)
		}
		if pending {
			return Session{}, &SecondStepRequired{Challenge: c}
		}
	}
	s, err := sessionOpener{Sessions: uc.Sessions, Profiles: uc.Profiles, Tokens: uc.AccessTokens,
		Clock: uc.Clock, MaxAge: uc.Settings.SessionMaxAge}.open(ctx, acc, Device{UserAgent: in.UserAgent, IP: in.ClientIP})
	if err != nil {
		return Session{}, err
	}
	// The device is known from now on: the right password from it passes
	// the limits that others' failures fill.
	if err := uc.NewDevice.Remembering(ctx, acc.ID, in.DeviceToken, in.UserAgent, func(ctx context.Context) error {
		s.DeviceToken, err = uc.Guard.remember(ctx, attempt, acc.ID, in.DeviceToken)
		return err
	}); err != nil {
		return Session{}, err
	}
	return s, nil
}

// refuseUnusable is the refusal of a session to an account whose e-mail is
// not confirmed or that is suspended, whichever way its member proved who
// they are; nil when a session may open.
func refuseUnusable(acc domain.Account) error {
	if !acc.Confirmed() {
		e := errs.Forbidden(CodeEmailNotConfirmed, MsgNotConfirmed)
		e.Title = MsgSignInFailed
		return e
	}
	if acc.Suspended() {
		e := errs.Forbidden(CodeAccountSuspended, MsgSuspended)
		e.Title = MsgSignInFailed
		return e
	}
	return nil
}
