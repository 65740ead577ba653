package app

import (
	"fmt"

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

// noticeTexts are the pt-BR title and body of each notice from the
// service. A body with %s takes the notice's message (the device of a new
// sign-in).
var noticeTexts = map[domain.NoticeKind][2]string{
	domain.NoticeExportReady: {"Seu arquivo de dados está pronto",
		"Baixe-o em Configurações, na seção “Seus dados”, antes que expire."},
	domain.NoticeReportResolved: {"Sua denúncia foi analisada",
		"A moderação tomou medidas sobre o conteúdo que você denunciou. Obrigado por ajudar."},
	domain.NoticePostRemoved: {"A moderação removeu um post seu",
		"O post violava as regras da comunidade."},
	domain.NoticeNewSignIn: {"Novo acesso à sua conta",
		"Entrada em %s. Se não foi você, troque sua senha e encerre as outras sessões."},
}

// noticeFallback is the text of a notice this server does not know (one
// written by a newer version during a rolling deploy).
const noticeFallback = "Aviso do social"

// NoticeTexts are the title and body of a notice from the service. A
// removed post's body is its excerpt, since the post is gone; a new
// sign-in's names the device.
func NoticeTexts(kind domain.NoticeKind, message *string) (title, body string) {
	t, ok := noticeTexts[kind]
	if !ok {
		return noticeFallback, ""
	}
	msg := ""
	if message != nil {
		msg = *message
	}
	switch kind {
	case domain.NoticePostRemoved:
		if msg != "" {
			return t[0], msg
		}
	case domain.NoticeNewSignIn:
		if msg == "" {
			msg = "um aparelho desconhecido"
		}
		return t[0], fmt.Sprintf(t[1], msg)
	}
	return t[0], t[1]
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
