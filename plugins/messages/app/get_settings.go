package app

import (
	"context"
	"fmt"

	"social/core/domain"
)

// GetSettings reads the viewer's messages settings.
type GetSettings struct{ *Messages }

// Handle answers the settings (the defaults when never saved).
func (uc *GetSettings) Handle(ctx context.Context, viewer domain.Viewer) (Settings, error) {
	if !viewer.SignedIn() {
		return Settings{}, unauthenticated()
	}
	s, err := uc.Store.Settings(ctx, viewer.UserID)
	if err != nil {
		return Settings{}, fmt.Errorf("settings of %s: %w", viewer.UserID, err)
	}
	return s, nil
}
