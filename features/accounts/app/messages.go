package app

import "time"

// pt-BR texts of account answers, shown as they are, and their stable codes.
const (
	MsgSignedUp          = "Verifique seu email para confirmar a conta."
	MsgEmailTaken        = "Este email já está cadastrado. Tente fazer login."
	MsgHandleTaken       = "Este nome de usuário já está em uso."
	MsgTooManyAttempts   = "Muitas tentativas"
	MsgWaitSignUp        = "Aguarde 5 minutos antes de tentar novamente."
	MsgWaitSignIn        = "Aguarde 15 minutos antes de tentar novamente."
	MsgWaitResend        = "Aguarde 1 minuto antes de pedir outro email."
	MsgWaitReset         = "Aguarde 15 minutos antes de pedir outro email."
	MsgConfirmationSent  = "Se o email estiver cadastrado e ainda não confirmado, enviamos um novo link."
	MsgSignInFailed      = "Erro no login"
	MsgBadCredentials    = "Email ou senha incorretos."
	MsgNotConfirmed      = "Confirme seu email antes de entrar. Verifique sua caixa de entrada."
	MsgSuspended         = "Sua conta está suspensa. Entre em contato com a moderação."
	MsgSessionExpired    = "Sua sessão expirou. Entre novamente."
	MsgResetRequested    = "Se o email estiver cadastrado, enviamos um link para redefinir a senha."
	MsgPasswordWasReset  = "Senha redefinida. Entre com a nova senha."
	MsgInvalidEmailToken = "Link inválido ou expirado."
	MsgNoUserSessions    = "Você precisa estar logado para ver suas sessões."
	MsgSessionNotFound   = "Sessão não encontrada. Ela pode já ter sido encerrada."
	// A name or handle that passes for the site's or for a staff member's.
	MsgNameReserved   = "Este nome é reservado ou se parece com o nome de alguém da equipe. Escolha outro."
	MsgHandleReserved = "Este nome de usuário é reservado ou se parece com o de alguém da equipe. Escolha outro."

	CodeInvalidInput       = "invalid_input"
	CodeEmailTaken         = "email_taken"
	CodeHandleTaken        = "handle_taken"
	CodeRateLimited        = "rate_limited"
	CodeInvalidCredentials = "invalid_credentials"
	CodeEmailNotConfirmed  = "email_not_confirmed"
	CodeAccountSuspended   = "account_suspended"
	CodeSessionExpired     = "session_expired"
	CodeInvalidToken       = "invalid_token"
	CodeUnauthenticated    = "unauthenticated"
	CodeSessionNotFound    = "session_not_found"
	CodeNameReserved       = "name_reserved"
)

// Windows of the rate limits. The refusals' texts name them ("Aguarde 5
// minutos..."), so only the counts are configurable.
const (
	SignUpWindow   = 5 * time.Minute
	SignInWindow   = 15 * time.Minute
	ResendCooldown = time.Minute
	// ResetCooldown silently skips a second recovery e-mail to the same
	// member this soon (the answer never says whether the e-mail exists).
	ResetCooldown = time.Minute
	// ResetWindow bounds recovery: ResetPerIP requests from one client,
	// whatever the e-mails (past it 429), and ResetPerEmail links mailed to
	// one address (known or not, so the limit tells nothing; past it the
	// request is answered alike and nothing is sent).
	ResetWindow   = 15 * time.Minute
	ResetPerEmail = 5
	ResetPerIP    = 20
)

// Mail texts.
const (
	confirmSubject = "Confirme seu email no social"
	confirmBody    = `Olá, %s!

Para confirmar sua conta no social, abra o link abaixo:

%s

O link vale por %s. Se você não criou esta conta, ignore este email.
`
	signInAlertSubject = "Tentativas de entrar na sua conta no social"
	signInAlertBody    = `Olá, %s!

Nos últimos 15 minutos, houve várias tentativas de entrar na sua conta no
social com a senha errada. Quem não sabe a sua senha não entra, e você
continua podendo entrar normalmente.

Se foi você, ignore este email. Se não foi, escolha uma senha nova: em
%s, toque em 'Esqueci minha senha'.
`
	resetSubject = "Redefinir sua senha no social"
	resetBody    = `Olá, %s!

Recebemos um pedido para redefinir a senha da sua conta no social. Para
escolher uma nova senha, abra o link abaixo:

%s

O link vale por %s. Se você não pediu isso, ignore este email: sua senha
continua a mesma.
`
)
