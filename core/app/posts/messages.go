package posts

import "social/core/domain"

// pt-BR texts and codes of post answers. The spec's texts where it has
// them; MsgNoUser, MsgNoUserLike, MsgNotAuthorEdit and MsgNoProfile are ours.
const (
	MsgEmpty         = domain.MsgPostEmpty
	MsgTooLong       = domain.MsgPostTooLong
	MsgNotFound      = "Post não encontrado."
	MsgNoUserDelete  = "Você precisa estar logado para excluir posts."
	MsgNotAuthor     = "Você só pode excluir seus próprios posts."
	MsgNoUser        = "Você precisa estar logado para publicar posts."
	MsgNoUserLike    = "Você precisa estar logado para curtir posts."
	MsgNotAuthorEdit = "Você só pode editar seus próprios posts."
	MsgNoProfile     = "Você precisa de um perfil para publicar posts."
	MsgBadVisibility = "Visibilidade inválida."
	MsgBadType       = "Tipo de post inválido."
	MsgFixErrors     = "Por favor, corrija os erros antes de continuar."

	CodeUnauthenticated = "unauthenticated"
	CodeEmpty           = "post_empty"
	CodeTooLong         = "post_too_long"
	CodeInvalid         = "invalid_input"
	CodeNotFound        = "post_not_found"
	CodeNotAuthor       = "post_not_author"
	CodeNoProfile       = "profile_required"
)

// Realtime topics and events.
const (
	TopicPublicFeed  = "feed:public"
	EventPostCreated = "post.created"
	EventPostLiked   = "post.liked"
	EventPostUnliked = "post.unliked"
)

// PostTopic is the topic of one post's counters.
func PostTopic(id domain.PostID) string { return "post:" + id.String() }
