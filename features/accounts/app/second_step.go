package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/ports"
)

// SecondStepRequired is SignIn's answer for a right password on an account
// with a second step: no session yet, only the challenge to complete.
type SecondStepRequired struct {
	Challenge ports.SecondStepChallenge
}

func (e *SecondStepRequired) Error() string { return "second step required" }

// OpenVerifiedSession opens a session for an account whose member has
// proved who they are another way than this feature's password check (a
// completed second step, a passkey). The account is read again: one
// suspended or unconfirmed since gets no session.
type OpenVerifiedSession struct {
	Accounts     AccountReader
	Sessions     SessionCreator
	Profiles     ProfileReader
	AccessTokens ports.AccessTokens
	Clock        ports.Clock
	Settings     Settings
	// Devices, when set, remembers the device the session opens on
	// (Session.DeviceToken), so that its right password passes the
	// sign-in limits others' failures fill.
	Devices KnownDevices
	// NewDevice, when set, tells the member of a session opened on a
	// device the account had not seen.
	NewDevice *NewDeviceNotice
}

// Handle opens the session.
func (uc *OpenVerifiedSession) Handle(ctx context.Context, id domain.UserID, device Device) (Session, error) {
	acc, err := uc.Accounts.ByID(ctx, id)
	if err != nil {
		return Session{}, fmt.Errorf("account %s: %w", id, err)
	}
	if err := refuseUnusable(acc); err != nil {
		return Session{}, err
	}
	s, err := sessionOpener{Sessions: uc.Sessions, Profiles: uc.Profiles, Tokens: uc.AccessTokens,
		Clock: uc.Clock, MaxAge: uc.Settings.SessionMaxAge}.open(ctx, acc, device)
	if err != nil || uc.Devices == nil {
		return s, err
	}
	if err := uc.NewDevice.Remembering(ctx, id, device.KnownToken, device.UserAgent, func(ctx context.Context) error {
		s.DeviceToken, err = rememberDevice(ctx, uc.Devices, id, device.KnownToken, uc.Clock.Now())
		return err
	}); err != nil {
		return Session{}, err
	}
	return s, nil
}
