package app

import (
	"context"
	"errors"

	"social/core/domain"
	"social/core/errs"
)

// GetSubscription reads the current session's device subscription.
type GetSubscription struct {
	Enabled bool
	Store   Subscriptions
	Keys    *Keys
}

// Handle answers the subscription, or not found when the session has none.
func (uc *GetSubscription) Handle(ctx context.Context, viewer domain.Viewer) (View, error) {
	session, err := sessionOf(viewer, uc.Enabled)
	if err != nil {
		return View{}, err
	}
	sub, err := uc.Store.BySession(ctx, session)
	if errors.Is(err, domain.ErrNotFound) {
		return View{}, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return View{}, err
	}
	return view(ctx, uc.Keys, sub)
}
