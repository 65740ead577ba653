package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// GetPreference reads whether the viewer gets the weekly digest.
type GetPreference struct{ Store Preferences }

// Handle answers the viewer's choice (false until they turn it on).
func (uc *GetPreference) Handle(ctx context.Context, viewer domain.Viewer) (bool, error) {
	if !viewer.SignedIn() {
		return false, errs.Unauthenticated(CodeUnauthorized, MsgLoggedOut)
	}
	on, err := uc.Store.Enabled(ctx, viewer.UserID)
	if err != nil {
		return false, fmt.Errorf("digest preference of %s: %w", viewer.UserID, err)
	}
	return on, nil
}

// SetPreference turns the viewer's weekly digest on or off.
type SetPreference struct {
	Store Preferences
	Clock ports.Clock
}

// Handle stores the choice; setting what is already set is harmless.
func (uc *SetPreference) Handle(ctx context.Context, viewer domain.Viewer, on bool) (bool, error) {
	if !viewer.SignedIn() {
		return false, errs.Unauthenticated(CodeUnauthorized, MsgLoggedOut)
	}
	if err := uc.Store.SetEnabled(ctx, viewer.UserID, on, uc.Clock.Now()); err != nil {
		return false, fmt.Errorf("set digest preference of %s: %w", viewer.UserID, err)
	}
	return on, nil
}
