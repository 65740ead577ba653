package app

import (
	"social/core/domain"
)

// Texts and codes of notification answers. MsgLoggedOut is what a
// signed-out visitor is told; the notifications' titles are below.
const (
	MsgLoggedOut = "Please log in to view notifications"
	MsgNotFound  = "Notificação não encontrada."
	MsgInvalidID = "ID de notificação inválido."

	CodeUnauthenticated = "unauthenticated"
	CodeNotFound        = "notification_not_found"
	CodeInvalid         = "invalid_input"
)

// titles are rendered when read, so a renamed sender shows their new name.
var titles = map[domain.NotificationType]string{
	domain.NotifyLike:    "%s curtiu seu post",
	domain.NotifyComment: "%s comentou no seu post",
	domain.NotifyFollow:  "%s começou a seguir você",
	domain.NotifyMention: "%s mencionou você em um post",
}

// Realtime events on the recipient's topic; each carries unread_count so
// the navigation badge never needs another call.
const (
	EventCreated = "notification.created"
	EventRemoved = "notification.removed"
	EventRead    = "notification.read"
)

// Topic is a member's private notifications topic.
func Topic(id domain.UserID) string { return "user:" + id.String() + ":notifications" }
