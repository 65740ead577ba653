package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// UpdateSettings writes the viewer's messages settings; only their own row
// can be named.
type UpdateSettings struct{ *Messages }

// Handle stores s and answers it.
func (uc *UpdateSettings) Handle(ctx context.Context, viewer domain.Viewer, s Settings) (Settings, error) {
	if !viewer.SignedIn() {
		return Settings{}, unauthenticated()
	}
	err := uc.Store.SaveSettings(ctx, viewer.UserID, s, uc.now())
	if errors.Is(err, ErrNoProfile) {
		return Settings{}, errs.Forbidden(CodeNoProfile, MsgNoProfile)
	}
	if err != nil {
		return Settings{}, fmt.Errorf("save settings of %s: %w", viewer.UserID, err)
	}
	return s, nil
}
