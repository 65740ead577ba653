package app

import "errors"

// pt-BR texts and codes of report answers.
const (
	MsgNoUser          = "Você precisa estar logado para denunciar."
	MsgNoProfile       = "Você precisa de um perfil para denunciar."
	MsgPostNotFound    = "Post não encontrado."
	MsgCommentNotFound = "Comentário não encontrado."
	MsgOwnPost         = "Você não pode denunciar seu próprio post."
	MsgOwnComment      = "Você não pode denunciar seu próprio comentário."
	MsgReasonTooLong   = "O motivo pode ter no máximo 500 caracteres."

	CodeUnauthenticated = "unauthenticated"
	CodeNoProfile       = "profile_required"
	CodePostNotFound    = "post_not_found"
	CodeCommentNotFound = "comment_not_found"
	CodeOwnPost         = "report_own_post"
	CodeOwnComment      = "report_own_comment"
	CodeReasonTooLong   = "report_reason_too_long"
)

// ErrNoProfile is a store's answer when the reporter has no profile row.
var ErrNoProfile = errors.New("reporter has no profile")
