package httpapi

import (
	"github.com/danielgtaylor/huma/v2"

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
}

// NewRoutes contributes the /api/v1/auth operations and documents the
// bearer scheme the other operations name.
func NewRoutes(uc UseCases, p wire.SessionPresenter) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		oapi := api.OpenAPI()
		if oapi.Components.SecuritySchemes == nil {
			oapi.Components.SecuritySchemes = map[string]*huma.SecurityScheme{}
		}
		oapi.Components.SecuritySchemes["bearer"] = &huma.SecurityScheme{Type: "http", Scheme: "bearer", BearerFormat: "JWT",
			Description: "The access_token of a session (POST /api/v1/auth/sign-in or /auth/refresh)."}
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
	}}
}
