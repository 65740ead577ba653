package app

import "time"

// pt-BR texts of two-step sign-in, shown as they are, and their stable codes.
const (
	MsgInvalidCode         = "Código inválido. Confira o código e tente novamente."
	MsgChallengeExpired    = "A verificação expirou. Entre novamente com seu email e senha."
	MsgTooManyAttempts     = "Muitas tentativas"
	MsgWaitSecondStep      = "Aguarde 15 minutos antes de tentar novamente."
	MsgNoMethod            = "Envie o código do aplicativo, um código de recuperação ou a passkey."
	MsgTOTPAlreadyOn       = "A verificação em duas etapas pelo aplicativo já está ativada."
	MsgTOTPNotStarted      = "Comece a ativação novamente: gere um novo código QR."
	MsgTOTPNotOn           = "A verificação em duas etapas pelo aplicativo não está ativada."
	MsgNoSecondStep        = "Ative um aplicativo autenticador ou uma passkey antes de gerar códigos de recuperação."
	MsgPasskeyFailed       = "Não foi possível verificar a passkey. Tente novamente."
	MsgPasskeyCeremonyGone = "A operação com a passkey expirou. Tente novamente."
	MsgPasskeyNotFound     = "Passkey não encontrada."
	MsgPasskeyNameInvalid  = "Dê à passkey um nome de 1 a 60 caracteres."
	MsgTooManyPasskeys     = "Você já tem 10 passkeys. Remova uma antes de adicionar outra."
	MsgPasskeyTaken        = "Esta passkey já está cadastrada."
	MsgUnauthenticated     = "Você precisa estar logado para gerenciar a verificação em duas etapas."
	MsgPasskeysUnavailable = "Passkeys não estão disponíveis neste servidor: o endereço dele não tem um nome de domínio."

	CodeInvalidCode         = "invalid_second_step_code"
	CodeChallengeExpired    = "second_step_expired"
	CodeRateLimited         = "rate_limited"
	CodeNoMethod            = "second_step_method_missing"
	CodeTOTPAlreadyOn       = "totp_already_enabled"
	CodeTOTPNotStarted      = "totp_not_started"
	CodeTOTPNotOn           = "totp_not_enabled"
	CodeNoSecondStep        = "second_step_missing"
	CodePasskeyFailed       = "passkey_failed"
	CodePasskeyCeremonyGone = "passkey_ceremony_expired"
	CodePasskeyNotFound     = "passkey_not_found"
	CodePasskeyNameInvalid  = "invalid_input"
	CodeTooManyPasskeys     = "too_many_passkeys"
	CodePasskeyTaken        = "passkey_taken"
	CodeUnauthenticated     = "unauthenticated"
	CodePasskeysUnavailable = "passkeys_unavailable"
)

// Limits and lifetimes.
const (
	// ChallengeTTL is how long a pending second step or a passkey
	// ceremony lives.
	ChallengeTTL = 5 * time.Minute
	// FailureWindow and MaxFailures bound wrong second-step codes per
	// account (the refusal's text names the window).
	FailureWindow = 15 * time.Minute
	MaxFailures   = 5
	// RecoveryCodeCount recovery codes are made at once.
	RecoveryCodeCount = 10
	// MaxPasskeys a member may keep.
	MaxPasskeys = 10
	// Issuer names the site in authenticator apps.
	Issuer = "social"
)

// Methods of completing a second step.
const (
	MethodTOTP     = "totp"
	MethodRecovery = "recovery_code"
	MethodPasskey  = "passkey"
)

// Mail texts: every change of a member's second step is told by e-mail.
const (
	mailSubject = "Segurança da sua conta no social"
	mailBody    = `Olá!

%s

Se foi você, nada mais a fazer. Se não foi, entre no social, troque sua
senha e confira a verificação em duas etapas em %s/settings.
`
	mailTOTPOn        = "A verificação em duas etapas por aplicativo autenticador foi ativada na sua conta."
	mailTOTPOff       = "A verificação em duas etapas por aplicativo autenticador foi desativada na sua conta."
	mailRecoveryCodes = "Novos códigos de recuperação foram gerados para a sua conta. Os anteriores não valem mais."
	mailPasskeyAdded  = "Uma passkey (%s) foi adicionada à sua conta."
	mailPasskeyGone   = "Uma passkey (%s) foi removida da sua conta."
)
