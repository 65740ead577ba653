package app

import (
	"social/core/domain"
	"social/core/errs"
)

// pt-BR texts and codes of post answers, shown as they are; codes never
// change once published.
const (
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
	// MsgAudienceClosed answers a post or a read for an audience the
	// member is not in.
	MsgAudienceClosed = "Só os membros podem ver e publicar estes posts."
	// MsgAudienceNotFound answers an audience no feature keeps.
	MsgAudienceNotFound = "Público não encontrado." // ours
	// MsgAudienceFeed refuses another ordering than newest first, or the
	// 'Seguindo' feed, together with an audience.
	MsgAudienceFeed    = "Os posts de um público só vêm do mais novo ao mais antigo." // ours
	MsgImageAltTooLong = "A descrição da imagem pode ter no máximo 1.500 caracteres."
	MsgImageAltNoImage = "Só posts com imagem têm descrição da imagem."

	CodeUnauthenticated  = "unauthenticated"
	CodeEmpty            = "post_empty"
	CodeTooLong          = "post_too_long"
	CodeInvalid          = "invalid_input"
	CodeNotFound         = "post_not_found"
	CodeNotAuthor        = "post_not_author"
	CodeNoProfile        = "profile_required"
	CodeProfileNotFound  = "profile_not_found"
	CodeAudienceClosed   = "audience_members_only"
	CodeAudienceNotFound = "audience_not_found"
	CodeImageAltTooLong  = "image_alt_too_long"
	CodeImageAltNoImage  = "image_alt_without_image"
)

// pt-BR titles, texts and codes of post files' refusals.
const (
	MsgMediaTypeTitle     = "Tipo de arquivo inválido"
	MsgMediaType          = "Por favor, selecione um arquivo de imagem ou vídeo válido."
	MsgMediaTooLargeTitle = "Arquivo muito grande"
	MsgImageTooLarge      = "O arquivo deve ter no máximo 10MB."
	MsgVideoTooLarge      = "O arquivo deve ter no máximo 50MB."

	CodeMediaType     = "media_type_invalid"
	CodeMediaTooLarge = "media_too_large"
	// CodeMediaRequired is a media upload without a file but with text:
	// its text asks for a valid file.
	CodeMediaRequired = "media_required"
	// CodeMediaUnavailable is a server without media storage.
	CodeMediaUnavailable = "media_unavailable"
)

// Realtime topics and events.
const (
	TopicPublicFeed  = "feed:public"
	EventPostCreated = "post.created"
	EventPostUpdated = "post.updated"
	EventPostDeleted = "post.deleted"
	EventPostLiked   = "post.liked"
	EventPostUnliked = "post.unliked"
)

// PostTopic is the topic of one post's counters.
func PostTopic(id domain.PostID) string { return "post:" + id.String() }

// ImageAlt is the stored form of an image's description (nil when blank),
// or its invalid-input error.
func ImageAlt(alt string) (*string, error) {
	clean, tooLong := domain.CleanImageAlt(alt)
	if tooLong {
		return nil, errs.Invalid(CodeImageAltTooLong, MsgImageAltTooLong, map[string]string{"image_alt": MsgImageAltTooLong})
	}
	return clean, nil
}

func imageAltWithoutImage() error {
	return errs.Invalid(CodeImageAltNoImage, MsgImageAltNoImage, map[string]string{"image_alt": MsgImageAltNoImage})
}
