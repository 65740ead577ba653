package app

import (
	"context"
	"errors"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// Marker marks notifications read. MarkRead answers domain.ErrNotFound
// when recipient has no notification id.
type Marker interface {
	MarkRead(ctx context.Context, recipient domain.UserID, id domain.NotificationID) error
	MarkAllRead(ctx context.Context, recipient domain.UserID) error
	UnreadCounter
}

// MarkRead marks one of the viewer's notifications read (opening it).
type MarkRead struct {
	Store     Marker
	Announcer *Announcer
}

// Handle is idempotent: marking a read notification again changes nothing.
// Another member's notification is not found, never revealed.
func (uc *MarkRead) Handle(ctx context.Context, viewer domain.Viewer, id domain.NotificationID) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	err := uc.Store.MarkRead(ctx, viewer.UserID, id)
	if errors.Is(err, domain.ErrNotFound) {
		return 0, errs.NotFound(CodeNotFound, MsgNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("mark %s read: %w", id, err)
	}
	uc.Announcer.publish(ctx, viewer.UserID, EventRead, id.String())
	return uc.Store.Unread(ctx, viewer.UserID)
}

// MarkAllRead marks every unread notification of the viewer read.
type MarkAllRead struct {
	Store     Marker
	Announcer *Announcer
}

// Handle answers the new unread count (zero unless one arrived meanwhile).
func (uc *MarkAllRead) Handle(ctx context.Context, viewer domain.Viewer) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	if err := uc.Store.MarkAllRead(ctx, viewer.UserID); err != nil {
		return 0, fmt.Errorf("mark all read of %s: %w", viewer.UserID, err)
	}
	uc.Announcer.publish(ctx, viewer.UserID, EventRead, "")
	return uc.Store.Unread(ctx, viewer.UserID)
}

// ReadUpTo marks read every notification of a recipient up to one of
// theirs (that one and the older ones).
type ReadUpTo interface {
	MarkReadUpTo(ctx context.Context, recipient domain.UserID, id domain.NotificationID) error
	UnreadCounter
}

// MarkReadUpTo marks the viewer's notifications read up to id: where an
// app says the member stopped reading them (Mastodon's notifications
// marker).
type MarkReadUpTo struct {
	Store     ReadUpTo
	Announcer *Announcer
}

// Handle answers the new unread count. An ID that is not one of the
// viewer's notifications marks nothing.
func (uc *MarkReadUpTo) Handle(ctx context.Context, viewer domain.Viewer, id domain.NotificationID) (int, error) {
	if !viewer.SignedIn() {
		return 0, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	if err := uc.Store.MarkReadUpTo(ctx, viewer.UserID, id); err != nil {
		return 0, fmt.Errorf("mark read up to %s: %w", id, err)
	}
	uc.Announcer.publish(ctx, viewer.UserID, EventRead, "")
	return uc.Store.Unread(ctx, viewer.UserID)
}
