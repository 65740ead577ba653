package app

// pt-BR texts and codes of push answers; codes never change once published.
const (
	MsgLoggedOut        = "Você precisa estar logado para receber notificações."
	MsgNoSession        = "Notificações push precisam de uma sessão deste aparelho."
	MsgUnavailable      = "As notificações push estão desativadas neste servidor."
	MsgNotFound         = "Este aparelho não está inscrito para notificações."
	MsgInvalid          = "Dados de inscrição inválidos."
	MsgBadEndpoint      = "Endereço de notificação inválido."
	MsgBadP256DH        = "Chave p256dh inválida."
	MsgBadAuth          = "Segredo auth inválido."
	MsgBadPolicy        = "Política inválida: use all, followed, follower ou none."
	MsgUnknownAlert     = "Tipo de alerta desconhecido."
	CodeUnauthenticated = "unauthenticated"
	CodeNoSession       = "push_session_required"
	CodeUnavailable     = "push_unavailable"
	CodeNotFound        = "push_subscription_not_found"
	CodeInvalid         = "invalid_push_subscription"
)

// pt-BR texts of the pushes that are not notifications of the list.
const (
	TitleMessage    = "Nova mensagem de %s"
	TitleModeration = "Nova denúncia para moderação"
	BodyModeration  = "Toque para abrir a moderação."
	TitleTest       = "Notificação de teste"
	BodyTest        = "As notificações deste aparelho estão funcionando."
	bodyFollow      = "Toque para ver o perfil."
)

// Screens of the member app the service's notices open: the "Seus dados"
// section of Settings (the archive's download) and its list of sessions.
// The member app's notification list links the same places.
const (
	URLDataExport = "/settings#seus-dados"
	URLSessions   = "/settings#sessoes"
)
