package app

import (
	"context"
	"errors"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// UpdateSubscription changes the alerts and policy of the current
// session's device subscription; the device keys stay.
type UpdateSubscription struct {
	Enabled bool
	Tx      ports.Transactor
	Store   Subscriptions
	Keys    *Keys
	Clock   ports.Clock
}

// Handle applies in to the session's subscription.
func (uc *UpdateSubscription) Handle(ctx context.Context, viewer domain.Viewer, in Settings) (View, error) {
	session, err := sessionOf(viewer, uc.Enabled)
	if err != nil {
		return View{}, err
	}
	var sub Subscription
	err = uc.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if sub, err = uc.Store.BySession(ctx, session); err != nil {
			return err
		}
		fields := map[string]string{}
		_ = apply(&sub, in, viewer.Role, fields)
		if len(fields) > 0 {
			return errs.Invalid(CodeInvalid, MsgInvalid, fields)
		}
		sub.UpdatedAt = uc.Clock.Now()
		return uc.Store.Save(ctx, sub)
	})
	if errors.Is(err, domain.ErrNotFound) {
		return View{}, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return View{}, err
	}
	return view(ctx, uc.Keys, sub)
}
