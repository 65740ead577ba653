package app

import (
	"time"

	"social/core/errs"
)

// pt-BR texts and codes of the messages' answers, shown as they are; codes
// never change once published.
const (
	MsgNotFound        = "Conversa não encontrada."
	MsgProfileNotFound = "Perfil não encontrado."
	MsgSelf            = "Você não pode enviar mensagens para si mesmo."
	MsgRestricted      = "Esta pessoa só recebe mensagens de quem ela segue."
	MsgEmpty           = "Digite uma mensagem."
	MsgTooLong         = "A mensagem pode ter no máximo 1000 caracteres."
	MsgNoProfile       = "Você precisa de um perfil para enviar mensagens."
	MsgTooMany         = "Muitas tentativas"
	MsgWait            = "Você enviou muitas mensagens. Aguarde 1 minuto antes de enviar novamente."
	MsgBadCursor       = "Cursor inválido."
	MsgSuspended       = "Esta conta está suspensa e não pode receber mensagens."
	MsgDeleted         = "Esta conta foi excluída e não pode receber mensagens."

	CodeUnauthenticated = "unauthenticated"
	CodeNotFound        = "conversation_not_found"
	CodeProfileNotFound = "profile_not_found"
	CodeSelf            = "cannot_message_self"
	CodeRestricted      = "messages_restricted"
	CodeEmpty           = "message_empty"
	CodeTooLong         = "message_too_long"
	CodeNoProfile       = "profile_required"
	CodeRateLimited     = "rate_limited"
	CodeInvalid         = "invalid_input"
	CodeSuspended       = "recipient_suspended"
	CodeDeleted         = "recipient_deleted"
)

// Limits.
const (
	// MaxText is the longest message, in characters (after trimming).
	MaxText = 1000
	// SendPerMember messages per member per SendWindow (the window MsgWait
	// names).
	SendPerMember = 30
	SendWindow    = time.Minute
	// PageSize is a page of messages or of the inbox.
	PageSize = 50
	// MaxQuery is how much of an inbox search counts.
	MaxQuery = 100
)

func unauthenticated() error {
	return errs.Unauthenticated(CodeUnauthenticated, errs.MsgUnauthenticated)
}

// notFound is every answer about a conversation the viewer is not in: the
// same as one that does not exist.
func notFound() error { return errs.NotFound(CodeNotFound, MsgNotFound) }

func badCursor() error {
	return errs.Invalid(CodeInvalid, MsgBadCursor, map[string]string{"cursor": MsgBadCursor})
}
