package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// SendTestPush pushes a test notification to the current session's device,
// whatever its alerts say: the settings screen's "Enviar notificação de
// teste". One per device within the collapse window (its topic is "test").
type SendTestPush struct {
	Enabled bool
	Store   Subscriptions
	Fanout  *Fanout
}

// Handle enqueues the test push.
func (uc *SendTestPush) Handle(ctx context.Context, viewer domain.Viewer) error {
	session, err := sessionOf(viewer, uc.Enabled)
	if err != nil {
		return err
	}
	sub, err := uc.Store.BySession(ctx, session)
	if errors.Is(err, domain.ErrNotFound) {
		return errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return err
	}
	if err := uc.Fanout.queue(ctx, []Subscription{sub}, AlertTest, string(AlertTest), nil,
		&Content{Title: TitleTest, Body: BodyTest, URL: "/settings", ID: sub.ID.String()}); err != nil {
		return fmt.Errorf("test push of %s: %w", viewer.UserID, err)
	}
	return nil
}
