package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

	"social/config"
	"social/core/domain"
	accounts "social/features/accounts/app"
	"social/features/accounts/wire"
	"social/kit/plugin"
)

// UseCases are the account operations.
type UseCases struct {
	SignUp       *accounts.SignUp
	ConfirmEmail *accounts.ConfirmEmail
	Resend       *accounts.ResendConfirmation
	SignIn       *accounts.SignIn
	Refresh      *accounts.RefreshSession
	SignOut      *accounts.SignOut
	Forgot       *accounts.RequestPasswordReset
	SendReset    *accounts.SendPasswordReset
	SendAlert    *accounts.SendSignInAlert
	Reset        *accounts.ResetPassword
	Sessions     *accounts.ListSessions
	EndSession   *accounts.EndSession
	EndOthers    *accounts.EndOtherSessions
	// OAuth's consent screen and the member's connected apps.
	ReadAuthorization *accounts.ReadAuthorization
	Approve           *accounts.ApproveAuthorization
	Deny              *accounts.DenyAuthorization
	ConnectedApps     *accounts.ListConnectedApps
	Disconnect        *accounts.DisconnectApp
}

// NewRoutes contributes the /api/v1/auth operations and documents the
// bearer scheme the other operations name.
func NewRoutes(uc UseCases, p wire.SessionPresenter, cfg *config.Config) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		oapi := api.OpenAPI()
		if oapi.Components.SecuritySchemes == nil {
			oapi.Components.SecuritySchemes = map[string]*huma.SecurityScheme{}
		}
		oapi.Components.SecuritySchemes["bearer"] = &huma.SecurityScheme{Type: "http", Scheme: "bearer", BearerFormat: "JWT",
			Description: "The access_token of a session (POST /api/v1/auth/sign-in or /auth/refresh)."}
		oapi.Components.SecuritySchemes["oauth"] = &huma.SecurityScheme{Type: "oauth2",
			Description: "An app's OAuth 2 access token, sent as bearer. It reaches only the operations that name " +
				"scopes (x-oauth-scopes), when it carries one of them.",
			Flows: &huma.OAuthFlows{AuthorizationCode: &huma.OAuthFlow{
				AuthorizationURL: "/oauth/authorize", TokenURL: "/oauth/token", RefreshURL: "/oauth/token",
				Scopes: scopeDescriptions()}}}
		registerSignUp(api, uc.SignUp)
		registerConfirmEmail(api, uc.ConfirmEmail, p)
		registerResendConfirmation(api, uc.Resend)
		registerSignIn(api, uc.SignIn, p)
		registerRefreshSession(api, uc.Refresh, p)
		registerSignOut(api, uc.SignOut, p)
		registerForgotPassword(api, uc.Forgot)
		registerResetPassword(api, uc.Reset, p.Cookies)
		registerListSessions(api, uc.Sessions)
		registerEndSession(api, uc.EndSession)
		registerEndOtherSessions(api, uc.EndOthers)
		registerReadAuthorization(api, uc.ReadAuthorization)
		registerApproveAuthorization(api, uc.Approve)
		registerDenyAuthorization(api, uc.Deny)
		registerListConnectedApps(api, uc.ConnectedApps)
		registerDisconnectApp(api, uc.Disconnect)
	}}
}

// scopeDescriptions names every scope for the API document.
func scopeDescriptions() map[string]string {
	out := map[string]string{}
	for _, n := range domain.AllScopeNames() {
		out[n] = "Mastodon's " + n + " scope."
	}
	return out
}
