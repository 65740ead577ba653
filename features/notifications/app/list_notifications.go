package app

import (
	"context"
	"fmt"

	"social/core/domain"
	"social/core/errs"
)

// PageSize is how many notifications the screen loads: the newest 50.
const PageSize = 50

// Lister reads a member's newest notifications with their senders.
type Lister interface {
	Newest(ctx context.Context, recipient domain.UserID, limit int) ([]domain.NotificationItem, error)
	UnreadCounter
}

// Listed is one notification as shown, with its rendered title, and for
// a notice from the service its body (the push's text).
type Listed struct {
	domain.NotificationItem
	Title string
	// Body is a system notice's pt-BR text ("" for the others, whose
	// excerpt is Message).
	Body string
}

// listed renders it: a member's notification titled with the sender's
// current name, a notice from the service with its own texts.
func listed(it domain.NotificationItem) Listed {
	if it.Type == domain.NotifySystem {
		t, b := NoticeTexts(it.Notice, it.Message)
		return Listed{NotificationItem: it, Title: t, Body: b}
	}
	return Listed{NotificationItem: it, Title: Title(it.Type, it.Sender.DisplayName)}
}

// Page is the screen's list and the unread badge.
type Page struct {
	Items  []Listed
	Unread int
}

// ListNotifications is the notifications screen.
type ListNotifications struct{ Store Lister }

// Handle lists the viewer's 50 newest notifications, newest first.
func (uc *ListNotifications) Handle(ctx context.Context, viewer domain.Viewer) (Page, error) {
	if !viewer.SignedIn() {
		return Page{}, errs.Unauthenticated(CodeUnauthenticated, MsgLoggedOut)
	}
	items, err := uc.Store.Newest(ctx, viewer.UserID, PageSize)
	if err != nil {
		return Page{}, fmt.Errorf("list notifications of %s: %w", viewer.UserID, err)
	}
	unread, err := uc.Store.Unread(ctx, viewer.UserID)
	if err != nil {
		return Page{}, fmt.Errorf("count unread of %s: %w", viewer.UserID, err)
	}
	out := Page{Items: make([]Listed, len(items)), Unread: unread}
	for i, it := range items {
		out.Items[i] = listed(it)
	}
	return out, nil
}

// Title is the pt-BR title of a notification from sender.
func Title(typ domain.NotificationType, sender string) string {
	if f, ok := titles[typ]; ok {
		return fmt.Sprintf(f, sender)
	}
	return sender
}
