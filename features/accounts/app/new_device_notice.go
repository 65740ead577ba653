package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/ports"
	notifications "social/features/notifications/app"
)

// NewDeviceNotice tells a member, in their notification list and on their
// devices, that their account was signed in to from a device it had not
// seen: the browser presented no social_device cookie of the account's.
// The very first sign-in of an account tells nothing (every device is new
// then). The notice names the device as the list of sessions does
// ("Firefox no Linux"), never the address.
type NewDeviceNotice struct {
	Tx        ports.Transactor
	Devices   KnownDevices
	Notices   *notifications.Recorder
	Announcer *notifications.Announcer
}

// Remembering runs remember (which makes the device known) in one
// transaction with the notice, when the device is new to the account; the
// notice is announced after commit. A nil NewDeviceNotice only remembers.
func (n *NewDeviceNotice) Remembering(ctx context.Context, account domain.UserID, token, userAgent string,
	remember func(ctx context.Context) error) error {
	if n == nil {
		return remember(ctx)
	}
	var changes []notifications.Change
	err := n.Tx.InTx(ctx, func(ctx context.Context) error {
		isNew, err := n.isNew(ctx, account, token)
		if err != nil {
			return err
		}
		if isNew {
			changes, err = n.Notices.Tell(ctx, notifications.SystemNotice{Recipient: account,
				Kind: domain.NoticeNewSignIn, Text: DeviceLabel(storedUserAgent(userAgent))})
			if err != nil {
				return fmt.Errorf("new device notice: %w", err)
			}
		}
		return remember(ctx)
	})
	if err != nil {
		return err
	}
	n.Announcer.Announce(ctx, changes...)
	return nil
}

// isNew reports whether token is not one of account's devices while the
// account has signed in from some before.
func (n *NewDeviceNotice) isNew(ctx context.Context, account domain.UserID, token string) (bool, error) {
	if token != "" {
		owner, err := n.Devices.AccountOf(ctx, HashSecret(token))
		if err != nil && !errors.Is(err, domain.ErrNotFound) {
			return false, fmt.Errorf("known device: %w", err)
		}
		if err == nil && owner == account {
			return false, nil
		}
	}
	any, err := n.Devices.AnyOf(ctx, account)
	if err != nil {
		return false, fmt.Errorf("known devices: %w", err)
	}
	return any, nil
}
