package app

// Codes and pt-BR messages of the plugin's errors. Servers of the social
// web read the status; the code and the message are for the people who
// look at a refused request.
const (
	CodeNotFound    = "federation_not_found"
	CodeBadResource = "federation_bad_resource"

	MsgNotFound    = "Perfil não encontrado neste servidor."
	MsgBadResource = "Informe o recurso como acct:usuario@dominio ou o endereço de um perfil deste servidor."
)

// The inbox's refusals. A server reads the status; the code is stable.
const (
	CodeBadSignature  = "federation_bad_signature"
	CodeBadActivity   = "federation_bad_activity"
	CodeTooLarge      = "federation_too_large"
	CodeRateLimited   = "federation_rate_limited"
	CodeBusy          = "federation_busy"
	CodeActorMismatch = "federation_actor_mismatch"
	CodeForeignObject = "federation_foreign_object"
	CodeUnknownActor  = "federation_unknown_actor"
	CodeInboxNotFound = "federation_inbox_not_found"
	CodeUnsupportedMT = "federation_unsupported_media_type"
	MsgBadSignature   = "A assinatura da requisição não pôde ser verificada."
	MsgBadActivity    = "A atividade não é um JSON válido do ActivityPub."
	MsgTooLarge       = "A atividade excede o tamanho permitido (256 KiB)."
	MsgRateLimited    = "Muitas atividades deste servidor. Tente novamente mais tarde."
	MsgBusy           = "Este servidor está recebendo atividades demais agora. Tente novamente em instantes."
	MsgActorMismatch  = "A atividade fala por outro ator que não o dono da chave."
	MsgForeignObject  = "O objeto da atividade não pertence ao servidor do ator."
	MsgUnknownActor   = "Não foi possível obter o ator remetente."
	MsgInboxNotFound  = "Caixa de entrada não encontrada neste servidor."
	MsgUnsupportedMT  = "Envie a atividade como application/activity+json."
)

// The instance policies' refusals, for the console and for servers.
const (
	CodeInstanceSuspended = "federation_instance_suspended"
	CodeBadDomain         = "federation_bad_domain"
	CodePolicyEmpty       = "federation_policy_empty"
	CodePolicyExists      = "federation_policy_exists"
	CodePolicyNotFound    = "federation_policy_not_found"
	MsgInstanceSuspended  = "Este servidor está suspenso aqui: nenhuma atividade dele é aceita."
	MsgBadDomain          = "Informe o domínio de um servidor, como exemplo.social (sem https:// nem caminho)."
	MsgPolicyEmpty        = "Escolha ao menos uma medida: suspender, silenciar ou rejeitar mídia."
	MsgPolicyExists       = "Este domínio já tem uma política. Edite a existente."
	MsgPolicyNotFound     = "Política de servidor não encontrada."
)

// The forwarding of a report to another server.
const (
	CodeReportNotRemote = "report_not_remote"
	MsgReportNotRemote  = "Só é possível encaminhar denúncias de posts ou comentários de contas de outros servidores."
	// CodeReportNotForwarded: the report was not (yet) forwarded.
	CodeReportNotForwarded = "report_not_forwarded"
	MsgReportNotForwarded  = "Esta denúncia não foi encaminhada a outro servidor."
	// MsgForwardedDefault is the Flag's text when neither the moderator
	// nor the reporter wrote one (%s: this server's domain).
	MsgForwardedDefault = "Denúncia encaminhada pela moderação de %s."
)
