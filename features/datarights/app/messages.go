package app

// pt-BR texts and their stable codes.
const (
	MsgSignInFirst     = "Entre na sua conta para cuidar dos seus dados."
	MsgExportRunning   = "Já estamos preparando um arquivo com seus dados. Aguarde ele ficar pronto."
	MsgTooManyExports  = "Muitos pedidos"
	MsgExportWait      = "Você pode pedir um novo arquivo de dados %s depois do último."
	MsgWrongPassword   = "Senha incorreta."
	MsgPasswordMissing = "Digite sua senha para confirmar."
	MsgTooManyTries    = "Muitas tentativas"
	MsgWaitTries       = "Aguarde 15 minutos antes de tentar novamente."
	MsgAccountGone     = "Esta conta já foi excluída."
	MsgExportNotFound  = "Não há arquivo de dados pronto para baixar. Peça um novo em Configurações."

	CodeUnauthenticated   = "unauthenticated"
	CodeExportRunning     = "export_in_progress"
	CodeExportRateLimited = "export_rate_limited"
	CodeWrongPassword     = "wrong_password"
	CodePasswordMissing   = "password_required"
	CodeRateLimited       = "rate_limited"
	CodeAccountGone       = "account_deleted"
	CodeExportNotFound    = "export_not_found"
)

// DeletedName is how a deleted account is shown where its traces stay
// (messages in another member's conversations).
const DeletedName = "Conta excluída"

// Audit action of a deletion. Its entry names the account by ID alone.
const ActionAccountDelete = "account.delete"

// RevokedDeleted is the reason kept on the sessions a deletion ended.
const RevokedDeleted = "account_deleted"
