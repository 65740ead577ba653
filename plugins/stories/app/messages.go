package app

import "social/core/errs"

// pt-BR texts and codes of story answers, shown as they are; codes never
// change once published.
const (
	MsgTextRequired = "Escreva algo para publicar seu story"
	MsgTextTooLong  = "O story deve ter no máximo 280 caracteres"
	MsgNotFound     = "Story não encontrado ou já expirado"
	MsgAuthorOnly   = "Apenas o autor do story pode fazer isso"
	MsgNoProfile    = "Você precisa de um perfil para publicar stories."

	CodeUnauthenticated = "unauthenticated"
	CodeTextRequired    = "story_text_required"
	CodeTextTooLong     = "story_text_too_long"
	CodeNotFound        = "story_not_found"
	CodeAuthorOnly      = "story_author_only"
	CodeNoProfile       = "profile_required"
)

func unauthenticated() error {
	return errs.Unauthenticated(CodeUnauthenticated, errs.MsgUnauthenticated)
}
func notFound() error { return errs.NotFound(CodeNotFound, MsgNotFound) }
