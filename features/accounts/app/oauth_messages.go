package app

// OAuth's error codes (RFC 6749 sections 4.1.2.1 and 5.2, RFC 7009) and
// their pt-BR descriptions. The token, revocation and app registration
// endpoints answer them as {"error", "error_description"}.
const (
	OAuthInvalidRequest          = "invalid_request"
	OAuthInvalidClient           = "invalid_client"
	OAuthInvalidGrant            = "invalid_grant"
	OAuthUnauthorizedClient      = "unauthorized_client"
	OAuthUnsupportedGrantType    = "unsupported_grant_type"
	OAuthUnsupportedResponseType = "unsupported_response_type"
	OAuthInvalidScope            = "invalid_scope"
	OAuthAccessDenied            = "access_denied"
	OAuthUnsupportedTokenType    = "unsupported_token_type"
)

// pt-BR texts of OAuth answers.
const (
	MsgOAuthClientUnknown       = "Aplicativo desconhecido ou credenciais do aplicativo incorretas."
	MsgOAuthRedirectInvalid     = "O endereço de retorno não é um dos registrados por este aplicativo."
	MsgOAuthResponseType        = "Tipo de resposta não suportado: use response_type=code."
	MsgOAuthScopeUnknown        = "Permissão desconhecida: %s."
	MsgOAuthScopeNotAllowed     = "O aplicativo pediu permissões além das que registrou."
	MsgOAuthChallengeInvalid    = "Desafio PKCE inválido: code_challenge precisa ter de 43 a 128 caracteres e o método ser S256 ou plain."
	MsgOAuthGrantType           = "Tipo de concessão não suportado."
	MsgOAuthCodeInvalid         = "Código de autorização inválido, expirado ou já usado."
	MsgOAuthVerifierInvalid     = "O code_verifier não corresponde ao desafio PKCE."
	MsgOAuthRedirectMismatch    = "O redirect_uri não é o mesmo do pedido de autorização."
	MsgOAuthRefreshInvalid      = "Token de atualização inválido, expirado ou revogado."
	MsgOAuthMissing             = "Parâmetro obrigatório ausente: %s."
	MsgOAuthMemberUnavailable   = "Esta conta não pode autorizar aplicativos agora."
	MsgOAuthAppNameRequired     = "Informe o nome do aplicativo (até 100 caracteres)."
	MsgOAuthRedirectURIs        = "Informe de 1 a 10 endereços de retorno absolutos (ou urn:ietf:wg:oauth:2.0:oob), sem fragmento."
	MsgOAuthWebsiteInvalid      = "O site do aplicativo precisa ser um endereço http ou https."
	MsgOAuthNoMember            = "Entre na sua conta para autorizar aplicativos."
	MsgOAuthConnectedAppMissing = "Aplicativo não encontrado. Ele pode já ter sido desconectado."
	MsgOAuthTokenRequired       = "Este pedido precisa de um token de acesso do aplicativo."
	MsgWaitAppRegistration      = "Muitos aplicativos registrados deste endereço. Aguarde 1 hora antes de registrar outro."
	MsgWaitToken                = "Muitos pedidos de token deste endereço. Aguarde 5 minutos antes de tentar novamente."

	CodeOAuthClientUnknown   = "oauth_client_unknown"
	CodeOAuthRedirectInvalid = "oauth_redirect_uri_invalid"
	CodeOAuthResponseType    = "oauth_response_type_unsupported"
	CodeOAuthScopeInvalid    = "oauth_scope_invalid"
	CodeOAuthChallenge       = "oauth_challenge_invalid"
	CodeOAuthAppNotConnected = "oauth_app_not_connected"
)
