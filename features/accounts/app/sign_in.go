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
}

// SignIn checks an e-mail and password and opens a session. Every attempt
// counts against the limits, whatever its outcome; an unknown e-mail and a
// wrong password get the same answer, after the same work.
type SignIn struct {
	Accounts     AccountFinder
	Sessions     SessionCreator
	Profiles     ProfileReader
	AccessTokens ports.AccessTokens
	Hasher       ports.PasswordHasher
	Limiter      ports.RateLimiter
	Clock        ports.Clock
	Settings     Settings
	// SecondStep, when set, holds back the session of an account with a
	// second step: the answer is then a *SecondStepRequired.
	SecondStep ports.SecondFactor
}

// Handle signs a member in.
func (uc *SignIn) Handle(ctx context.Context, in SignInInput) (Session, error) {
	email := strings.TrimSpace(in.Email)
	wait, err := uc.Limiter.Take(ctx,
		ports.RateRule{Bucket: "sign_in_email", Key: domain.NormalizeEmail(email), Limit: uc.Settings.Limits.SignInPerEmail, Window: SignInWindow},
		ports.RateRule{Bucket: "sign_in_ip", Key: in.ClientIP, Limit: uc.Settings.Limits.SignInPerIP, Window: SignInWindow})
	if err != nil {
		return Session{}, fmt.Errorf("sign-in rate limit: %w", err)
	}
	if wait > 0 {
		return Session{}, rateLimited(MsgWaitSignIn, wait)
	}

	acc, err := uc.Accounts.ByEmail(ctx, email)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return Session{}, fmt.Errorf("find account: %w", err)
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
		e := errs.Unauthenticated(CodeInvalidCredentials, MsgBadCredentials)
		e.Title = MsgSignInFailed
		return Session{}, e
	}
	if !acc.Confirmed() {
		e := errs.Forbidden(CodeEmailNotConfirmed, MsgNotConfirmed)
		e.Title = MsgSignInFailed
		return Session{}, e
	}
	// Told only once the password is right, like an unconfirmed e-mail.
	if acc.Suspended() {
		e := errs.Forbidden(CodeAccountSuspended, MsgSuspended)
		e.Title = MsgSignInFailed
		return Session{}, e
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
	return sessionOpener{Sessions: uc.Sessions, Profiles: uc.Profiles, Tokens: uc.AccessTokens,
		Clock: uc.Clock, MaxAge: uc.Settings.SessionMaxAge}.open(ctx, acc, Device{UserAgent: in.UserAgent, IP: in.ClientIP})
}
