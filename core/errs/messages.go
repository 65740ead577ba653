package errs

// Generic pt-BR messages for errors that no feature catalogue names more
// precisely. Feature messages live in each feature's own catalogue.
const (
	MsgBadRequest      = "Requisição inválida."
	MsgInvalidInput    = "Dados inválidos"
	MsgFixErrors       = "Por favor, corrija os erros antes de continuar."
	MsgUnauthenticated = "Você precisa estar logado."
	MsgForbidden       = "Você não tem permissão para esta ação."
	MsgNotFound        = "Não encontrado."
	MsgMethod          = "Método não permitido."
	MsgConflict        = "Conflito com dados existentes."
	MsgTooLarge        = "Arquivo muito grande"
	MsgUnsupportedType = "Tipo de conteúdo não suportado."
	MsgRateLimited     = "Muitas tentativas"
	MsgUnexpected      = "Erro inesperado. Tente novamente."
	MsgUnavailable     = "Serviço temporariamente indisponível. Tente novamente em instantes."
	MsgAdminClosed     = "Acesso restrito à administração."
	MsgOriginRefused   = "Origem não permitida."
	// An app's token without any scope the operation is open to.
	MsgInsufficientScope = "Este aplicativo não tem permissão para esta ação. Autorize-o de novo com as permissões necessárias."
	// Idempotency-Key refusals (creating operations).
	MsgIdempotencyKeyInvalid = "A chave de idempotência (Idempotency-Key) deve ter de 1 a 255 caracteres visíveis."
	MsgIdempotencyKeyReused  = "Esta chave de idempotência já foi usada com outra requisição. Use uma chave nova."
	MsgIdempotencyInProgress = "Uma requisição com esta chave de idempotência ainda está em andamento. Tente novamente em instantes."
	MsgIdempotencyApplied    = "Esta requisição já foi realizada, mas a resposta dela se perdeu. Atualize a página para ver o resultado; não a envie de novo."
)

// CodeInsufficientScope refuses an app's token lacking the scopes an
// operation needs (RFC 6750 section 3.1's error code).
const CodeInsufficientScope = "insufficient_scope"
