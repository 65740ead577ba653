package app

// pt-BR texts and codes of community answers, shown as they are; codes
// never change once published.
const (
	MsgNoUser             = "Você precisa estar logado"
	MsgNoUserJoin         = "Você precisa estar logado para entrar em comunidades"
	MsgNameRequired       = "Nome da comunidade é obrigatório"
	MsgNameTooLong        = "O nome da comunidade pode ter no máximo 50 caracteres." // ours
	MsgDescriptionTooLong = "A descrição pode ter no máximo 500 caracteres."         // ours
	MsgBadPrivacy         = "Tipo de comunidade inválido."                           // ours
	MsgNameTaken          = "Já existe uma comunidade com esse nome. Escolha outro nome."
	MsgNotFound           = "Comunidade não encontrada"
	MsgNotOwnerDelete     = "Unauthorized to delete this community"
	MsgOwnerCannotLeave   = "O dono não pode sair da comunidade."                      // ours
	MsgForbidden          = "Você não tem permissão para esta ação."                   // ours (core's generic)
	MsgMemberNotFound     = "Membro não encontrado."                                   // ours
	MsgOwnerRow           = "O dono da comunidade não pode ser alterado nem removido." // ours
	MsgNotPending         = "Esta solicitação não está pendente."                      // ours
	MsgNotApproved        = "Só membros aprovados podem virar admin."                  // ours
	MsgBadRole            = "Papel inválido."                                          // ours
	MsgMembersOnly        = "Entre na comunidade para ver e compartilhar posts."
	MsgNoProfile          = "Você precisa de um perfil para participar de comunidades." // ours

	CodeUnauthenticated    = "unauthenticated"
	CodeInvalid            = "invalid_input"
	CodeNameRequired       = "community_name_required"
	CodeNameTooLong        = "community_name_too_long"
	CodeDescriptionTooLong = "community_description_too_long"
	CodeNameTaken          = "community_name_taken"
	CodeNotFound           = "community_not_found"
	CodeNotOwner           = "community_not_owner"
	CodeOwnerCannotLeave   = "community_owner_cannot_leave"
	CodeForbidden          = "community_forbidden"
	CodeMemberNotFound     = "community_member_not_found"
	CodeOwnerRow           = "community_owner_immutable"
	CodeNotPending         = "community_member_not_pending"
	CodeNotApproved        = "community_member_not_approved"
	CodeMembersOnly        = "community_members_only"
	CodeNoProfile          = "profile_required"
)

// Realtime topic prefix and events.
const (
	TopicPrefix      = "community:"
	EventPostCreated = "community_post.created"
)

// ListLimit caps the community list.
const ListLimit = 100
