package app

// pt-BR texts and stable codes of moderation answers.
const (
	MsgStaffOnly          = "Acesso restrito à moderação."
	MsgAdminOnly          = "Apenas administradores podem fazer isso."
	MsgReasonRequired     = "Informe o motivo."
	MsgReasonTooLong      = "O motivo pode ter no máximo 500 caracteres."
	MsgNoteTooLong        = "A nota pode ter no máximo 500 caracteres."
	MsgAccountNotFound    = "Conta não encontrada."
	MsgOwnAccount         = "Você não pode alterar a sua própria conta."
	MsgStaffTarget        = "Apenas administradores podem suspender moderadores e administradores."
	MsgAlreadySuspended   = "Esta conta já está suspensa."
	MsgNotSuspended       = "Esta conta não está suspensa."
	MsgRoleInvalid        = "Papel inválido: use member, moderator ou admin."
	MsgPostNotFound       = "Post não encontrado."
	MsgReportNotFound     = "Denúncia não encontrada."
	MsgReportResolved     = "Esta denúncia já foi resolvida."
	MsgResolutionInvalid  = "Ação inválida: use dismiss, remove_post ou suspend_author."
	MsgResolutionNeedPost = "Esta ação vale apenas para denúncias de posts que ainda existem."
	MsgEmailInvalid       = "Email inválido."
	MsgEmailTaken         = "Este email já está cadastrado."
	MsgHandleTaken        = "Este nome de usuário já está em uso."

	CodeStaffOnly          = "moderators_only"
	CodeAdminOnly          = "admins_only"
	CodeReasonRequired     = "reason_required"
	CodeReasonTooLong      = "reason_too_long"
	CodeNoteTooLong        = "note_too_long"
	CodeAccountNotFound    = "account_not_found"
	CodeOwnAccount         = "own_account"
	CodeStaffTarget        = "staff_target_admins_only"
	CodeAlreadySuspended   = "already_suspended"
	CodeNotSuspended       = "not_suspended"
	CodeRoleInvalid        = "role_invalid"
	CodePostNotFound       = "post_not_found"
	CodeReportNotFound     = "report_not_found"
	CodeReportResolved     = "report_already_resolved"
	CodeResolutionInvalid  = "resolution_invalid"
	CodeResolutionNeedPost = "resolution_needs_post"
	CodeEmailInvalid       = "email_invalid"
	CodeEmailTaken         = "email_taken"
	CodeHandleTaken        = "handle_taken"
)

// Audit actions, as the log names them.
const (
	ActionAccountCreate    = "account.create"
	ActionAccountRole      = "account.role"
	ActionAccountVerify    = "account.verify"
	ActionAccountSuspend   = "account.suspend"
	ActionAccountUnsuspend = "account.unsuspend"
	ActionPostRemove       = "post.remove"
	ActionReportResolve    = "report.resolve"
)

// RevokedSuspended is the reason kept on sessions a suspension ended.
const RevokedSuspended = "suspended"
