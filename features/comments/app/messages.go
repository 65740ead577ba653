package app

import (
	"errors"
	"time"

	"social/core/domain"
)

// pt-BR texts and codes of comment answers.
const (
	MsgNoUser       = "Você precisa estar logado para comentar."
	MsgNoUserRead   = "Você precisa estar logado para ver os comentários."
	MsgNoUserDelete = "Você precisa estar logado para excluir comentários."
	MsgNoProfile    = "Você precisa de um perfil para comentar."
	MsgPostNotFound = "Post não encontrado."
	MsgNotFound     = "Comentário não encontrado."
	MsgEmpty        = "Por favor, escreva um comentário."
	MsgTooLong      = "O comentário pode ter no máximo 500 caracteres."
	MsgNotAuthor    = "Você só pode excluir seus próprios comentários."
	MsgTooMany      = "Muitas tentativas"
	MsgWait         = "Aguarde 1 minuto antes de comentar novamente."
	MsgBadCursor    = "Cursor inválido."

	CodeUnauthenticated = "unauthenticated"
	CodeNoProfile       = "profile_required"
	CodePostNotFound    = "post_not_found"
	CodeNotFound        = "comment_not_found"
	CodeEmpty           = "comment_empty"
	CodeTooLong         = "comment_too_long"
	CodeNotAuthor       = "comment_not_author"
	CodeRateLimited     = "rate_limited"
	CodeInvalid         = "invalid_input"
)

// Limits: comments per member per window by default
// (rate_limits.comment_per_member; the window is the one MsgWait names),
// and the page size of a thread.
const (
	CreatePerMember = 20
	CreateWindow    = time.Minute
	PageSize        = 50
)

// Realtime events, told on the post's topic (post:{id}) with
// {post_id, comment_id, comment_count}.
const (
	EventCommentCreated = "comment.created"
	EventCommentDeleted = "comment.deleted"
)

// PostTopic is the topic of one post's counters, shared with the post's
// likes.
func PostTopic(id domain.PostID) string { return "post:" + id.String() }

// ErrNoProfile is a store's answer when the commenter has no profile row.
var ErrNoProfile = errors.New("commenter has no profile")
