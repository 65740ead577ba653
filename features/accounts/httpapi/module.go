package httpapi

import (
	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"

	"social/core/ports"
	accounts "social/features/accounts/app"
	accountsstore "social/features/accounts/pgstore"
	profilesapi "social/features/profiles/httpapi"
	profilesstore "social/features/profiles/pgstore"
	"social/internal/config"
	"social/kit/pgkit"
	"social/kit/plugin"
)

// Module wires the account use cases to their stores and contributes the
// /api/v1/auth routes. It provides the account, session and e-mail token
// stores (the sessions also as ports.SessionChecker, which the
// authenticator asks on every request).
var Module = fx.Module("accounts",
	fx.Provide(
		accountsstore.NewAccounts,
		fx.Annotate(accountsstore.NewSessions, fx.As(new(ports.SessionChecker)), fx.As(fx.Self())),
		accountsstore.NewEmailTokens,
	),
	fx.Provide(
		fx.Private,
		NewCookies,
		newUseCases,
	),
	fx.Provide(plugin.AsRoutes(NewRoutes)),
	fx.Provide(plugin.AsWorker(newSendPasswordResetWorker)),
)

func newSendPasswordResetWorker(uc UseCases) plugin.Worker {
	return plugin.NewWorker("", &accountsstore.SendPasswordResetWorker{Send: uc.SendReset})
}

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
	Reset        *accounts.ResetPassword
	Sessions     *accounts.ListSessions
	EndSession   *accounts.EndSession
	EndOthers    *accounts.EndOtherSessions
}

type useCaseParams struct {
	fx.In
	Config      *config.Config
	Tx          ports.Transactor
	Accounts    *accountsstore.Accounts
	Profiles    *profilesstore.Profiles
	Sessions    *accountsstore.Sessions
	EmailTokens *accountsstore.EmailTokens
	Outbox      ports.Outbox
	Limiter     ports.RateLimiter
	Tokens      ports.AccessTokens
	Hasher      ports.PasswordHasher
	Clock       ports.Clock
	Search      ports.SearchIndexQueue
	Ends        ports.SessionEnds `optional:"true"` // the realtime gateways
	Jobs        *pgkit.JobInserter
}

// SettingsFrom reads the use cases' settings from the configuration.
func SettingsFrom(cfg *config.Config) accounts.Settings {
	return accounts.Settings{
		PublicURL:         trimSlash(cfg.HTTP.PublicURL),
		SessionMaxAge:     cfg.Auth.SessionMaxAge,
		RefreshReuseGrace: cfg.Auth.RefreshReuseGrace,
		ConfirmationTTL:   cfg.Auth.ConfirmationTTL,
		PasswordResetTTL:  cfg.Auth.PasswordResetTTL,
		Limits: accounts.Limits{
			SignUpPerEmail: cfg.Limits.SignUpPerEmail, SignUpPerIP: cfg.Limits.SignUpPerIP,
			SignInPerEmail: cfg.Limits.SignInPerEmail, SignInPerIP: cfg.Limits.SignInPerIP,
		},
	}
}

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}

func newUseCases(p useCaseParams) UseCases {
	s := SettingsFrom(p.Config)
	return UseCases{
		SignUp: &accounts.SignUp{Tx: p.Tx, Search: p.Search, Accounts: p.Accounts, Tokens: p.EmailTokens, Outbox: p.Outbox,
			Hasher: p.Hasher, Limiter: p.Limiter, Clock: p.Clock, Settings: s},
		ConfirmEmail: &accounts.ConfirmEmail{Tx: p.Tx, Tokens: p.EmailTokens, Accounts: p.Accounts, Sessions: p.Sessions,
			Profiles: p.Profiles, AccessTokens: p.Tokens, Clock: p.Clock, Settings: s},
		Resend: &accounts.ResendConfirmation{Tx: p.Tx, Accounts: p.Accounts, Profiles: p.Profiles, Tokens: p.EmailTokens,
			Outbox: p.Outbox, Limiter: p.Limiter, Clock: p.Clock, Settings: s},
		SignIn: &accounts.SignIn{Accounts: p.Accounts, Sessions: p.Sessions, Profiles: p.Profiles, AccessTokens: p.Tokens,
			Hasher: p.Hasher, Limiter: p.Limiter, Clock: p.Clock, Settings: s},
		Refresh: &accounts.RefreshSession{Tx: p.Tx, Store: p.Sessions, Accounts: p.Accounts, Profiles: p.Profiles,
			AccessTokens: p.Tokens, Clock: p.Clock, Settings: s},
		SignOut: &accounts.SignOut{Sessions: p.Sessions, Clock: p.Clock, Ends: p.Ends},
		Forgot:  &accounts.RequestPasswordReset{Queue: accountsstore.ResetQueue{Jobs: p.Jobs}, Limiter: p.Limiter},
		SendReset: &accounts.SendPasswordReset{Tx: p.Tx, Accounts: p.Accounts, Profiles: p.Profiles, Tokens: p.EmailTokens,
			Outbox: p.Outbox, Limiter: p.Limiter, Clock: p.Clock, Settings: s},
		Reset: &accounts.ResetPassword{Tx: p.Tx, Tokens: p.EmailTokens, Accounts: p.Accounts, Sessions: p.Sessions,
			Hasher: p.Hasher, Clock: p.Clock, Ends: p.Ends},
		Sessions:   &accounts.ListSessions{Sessions: p.Sessions},
		EndSession: &accounts.EndSession{Sessions: p.Sessions, Clock: p.Clock, Ends: p.Ends},
		EndOthers:  &accounts.EndOtherSessions{Sessions: p.Sessions, Clock: p.Clock, Ends: p.Ends},
	}
}

// NewRoutes contributes the /api/v1/auth operations and documents the
// bearer scheme the other operations name.
func NewRoutes(uc UseCases, cookies *Cookies, links profilesapi.Links) plugin.Routes {
	p := presenter{cookies: cookies, links: links}
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
		registerResetPassword(api, uc.Reset)
		registerListSessions(api, uc.Sessions)
		registerEndSession(api, uc.EndSession)
		registerEndOtherSessions(api, uc.EndOthers)
	}}
}
