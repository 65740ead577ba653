package app

import "errors"

// pt-BR texts and codes of the answers of blocks, mutes and muted words. A
// missing profile answers exactly like GET /profiles/{handle}.
const (
	MsgNoUser       = "Você precisa estar logado para bloquear ou silenciar membros."
	MsgNoProfile    = "Você precisa de um perfil para bloquear ou silenciar membros."
	MsgBlockSelf    = "Você não pode bloquear a si mesmo."
	MsgMuteSelf     = "Você não pode silenciar a si mesmo."
	MsgBadCursor    = "Cursor inválido."
	MsgWordEmpty    = "Digite uma palavra ou expressão para silenciar."
	MsgWordTooLong  = "A palavra ou expressão pode ter no máximo 100 caracteres."
	MsgWordsLimit   = "Você já silenciou 100 palavras. Remova alguma para adicionar outra."
	MsgWordDuration = "Escolha por quanto tempo silenciar: 24 horas, 7 dias, 30 dias ou para sempre."
	MsgWordNotFound = "Palavra silenciada não encontrada."

	CodeUnauthenticated = "unauthenticated"
	CodeNoProfile       = "profile_required"
	CodeBlockSelf       = "cannot_block_self"
	CodeMuteSelf        = "cannot_mute_self"
	CodeInvalid         = "invalid_input"
	CodeWordEmpty       = "muted_word_empty"
	CodeWordTooLong     = "muted_word_too_long"
	CodeWordsLimit      = "muted_words_limit"
	CodeWordDuration    = "muted_word_duration_invalid"
	CodeWordNotFound    = "muted_word_not_found"
	CodeNotFound        = "profile_not_found"
)

// Blocked answers an interaction between two members kept apart by a
// block (following, messaging, ...), whichever of them blocked.
const (
	MsgBlocked  = "Não é possível interagir com este membro."
	CodeBlocked = "member_blocked"
)

// Domain blocks' texts and codes.
const (
	MsgDomainEmpty         = "Digite o domínio do servidor que você quer bloquear."
	MsgDomainInvalid       = "Digite um domínio válido, como exemplo.social."
	MsgDomainOwn           = "Este é o domínio desta rede: bloqueie os membros um a um."
	MsgDomainBlocksLimit   = "Você já bloqueou 1.000 domínios. Desbloqueie algum para bloquear outro."
	MsgDomainBlockNotFound = "Você não bloqueia este domínio."

	CodeDomainInvalid       = "domain_invalid"
	CodeDomainOwn           = "domain_own"
	CodeDomainBlocksLimit   = "domain_blocks_limit"
	CodeDomainBlockNotFound = "domain_block_not_found"
)

// MaxDomainBlocks is how many servers one member may block.
const MaxDomainBlocks = 1000

// Limits of muted words.
const (
	MaxMutedWords   = 100
	MaxMutedWordLen = 100
)

// PageSize is the length of a blocks or mutes page; a reader may ask for
// fewer, or for up to MaxPageSize (Mastodon's apps ask for 40 to 80).
const (
	PageSize    = 50
	MaxPageSize = 80
)

// ErrNoActorProfile is a store's answer when the acting member has no
// profile row (the other one missing is domain.ErrNotFound).
var ErrNoActorProfile = errors.New("acting member has no profile")
