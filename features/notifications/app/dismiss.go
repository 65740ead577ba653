package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// Remover deletes a recipient's notifications. Delete answers
// domain.ErrNotFound when recipient has no notification id.
type Remover interface {
	Delete(ctx context.Context, recipient domain.UserID, id domain.NotificationID) error
	DeleteAll(ctx context.Context, recipient domain.UserID) error
	UnreadCounter
}

// Dismiss deletes one of the viewer's notifications: it leaves their list
// on every device and every API (Mastodon's dismiss, which apps offer to
// take a notification away; reading it is another thing, MarkRead).
type Dismiss struct {
	Store     Remover
	Announcer *Announcer
}

// Handle answers the new unread count. Another member's notification is
// not found, never revealed.
func (uc *Dismiss) Handle(ctx context.Context, viewer domain.Viewer, id domain.NotificationID) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	err := uc.Store.Delete(ctx, viewer.UserID, id)
	if errors.Is(err, domain.ErrNotFound) {
		return 0, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("dismiss %s: %w", id, err)
	}
	uc.Announcer.publish(ctx, viewer.UserID, EventRemoved, id.String())
	return uc.Store.Unread(ctx, viewer.UserID)
}

// Clear deletes every notification of the viewer (Mastodon's clear).
type Clear struct {
	Store     Remover
	Announcer *Announcer
}

// Handle empties the list; clearing an empty list changes nothing.
func (uc *Clear) Handle(ctx context.Context, viewer domain.Viewer) error {
	if !viewer.SignedIn() {
		return errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	if err := uc.Store.DeleteAll(ctx, viewer.UserID); err != nil {
		return fmt.Errorf("clear notifications of %s: %w", viewer.UserID, err)
	}
	uc.Announcer.publish(ctx, viewer.UserID, EventRemoved, "")
	return nil
}

// GetNotification is one of the viewer's notifications as the list shows
// it; one the list would not show (a blocked or muted sender, a muted
// word) or another member's is not found.
type GetNotification struct{ Store ShownReader }

// Handle reads notification id.
func (uc *GetNotification) Handle(ctx context.Context, viewer domain.Viewer, id domain.NotificationID) (Listed, error) {
	if !viewer.SignedIn() {
		return Listed{}, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	it, ok, err := (&ShowNotification{Store: uc.Store}).Handle(ctx, viewer.UserID, id)
	if err != nil {
		return Listed{}, err
	}
	if !ok {
		return Listed{}, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	return it, nil
}
