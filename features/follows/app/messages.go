package app

import "errors"

// pt-BR texts and codes of follow answers, shown as they are; codes never
// change once published. A missing profile answers
// exactly like GET /profiles/{handle}.
const (
	MsgNoUser    = "Você precisa estar logado para seguir usuários."
	MsgSelf      = "Você não pode seguir a si mesmo."
	MsgNoProfile = "Você precisa de um perfil para seguir usuários."
	MsgBadCursor = "Cursor inválido."
	// MsgTooManyRelationships refuses a read of more than MaxRelationships.
	MsgTooManyRelationships = "Peça as relações de no máximo 100 perfis de uma vez."

	CodeUnauthenticated = "unauthenticated"
	CodeSelf            = "cannot_follow_self"
	CodeNoProfile       = "profile_required"
	CodeInvalid         = "invalid_input"
)

// PageSize is the length of a followers or following page; a reader may
// ask for fewer, or for up to MaxPageSize (Mastodon's apps ask for 40 to 80).
const (
	PageSize    = 50
	MaxPageSize = 80
)

// ErrNoFollowerProfile is a store's answer when the acting member has no
// profile row (the followed one missing is domain.ErrNotFound).
var ErrNoFollowerProfile = errors.New("follower has no profile")

// ErrBlocked is a store's answer when either member blocks the other: no
// follow may exist between them.
var ErrBlocked = errors.New("a block keeps the members apart")
