package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
)

// Status is the viewer's second step as /settings shows it.
type Status struct {
	TOTPEnabled       bool
	RecoveryCodesLeft int
	Passkeys          []Passkey
}

// GetStatus reads the viewer's second step.
type GetStatus struct{ Store Store }

// Handle reads it.
func (uc *GetStatus) Handle(ctx context.Context, v domain.Viewer) (Status, error) {
	acc, err := member(v)
	if err != nil {
		return Status{}, err
	}
	var s Status
	t, err := uc.Store.TOTP(ctx, acc)
	if err != nil && !errors.Is(err, domain.ErrNotFound) {
		return Status{}, fmt.Errorf("totp of %s: %w", acc, err)
	}
	s.TOTPEnabled = err == nil && t.Confirmed
	if s.RecoveryCodesLeft, err = uc.Store.RecoveryCodesLeft(ctx, acc); err != nil {
		return Status{}, fmt.Errorf("recovery codes: %w", err)
	}
	if s.Passkeys, err = uc.Store.Passkeys(ctx, acc); err != nil {
		return Status{}, fmt.Errorf("passkeys: %w", err)
	}
	return s, nil
}
