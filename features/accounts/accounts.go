// Package accounts is the accounts feature: sign-up, e-mail confirmation, sign-in, sessions and password recovery.
// Its use cases are in app/, its store and jobs in pgstore/, its routes in
// httpapi/; this file wires them.
package accounts

import (
	"log/slog"

	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	"social/features/accounts/app"
	"social/features/accounts/httpapi"
	accountsstore "social/features/accounts/pgstore"
	"social/features/accounts/wire"
	datarights "social/features/datarights/app"
	moderation "social/features/moderation/app"
	notifications "social/features/notifications/app"
	profiles "social/features/profiles/app"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/platform/pgkit"
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
		accountsstore.NewSignInFailures,
		accountsstore.NewKnownDevices,
		// The OAuth store, also the authenticator's check of apps' tokens.
		fx.Annotate(accountsstore.NewOAuth, fx.As(new(ports.AppTokenChecker)), fx.As(fx.Self())),
	),
	fx.Provide(
		fx.Private,
		wire.NewCookies,
		newUseCases,
	),
	// The session answer, for the features that open a session another
	// way (the second step, passkeys).
	fx.Provide(wire.NewSessionPresenter),
	// What the second step needs to open the session a password sign-in
	// left pending, and to read the account it protects.
	fx.Provide(
		newOpenVerifiedSession,
		func(a *accountsstore.Accounts) app.AccountReader { return a },
	),
	// The moderation feature creates, finds, locks, suspends and changes
	// the role of accounts, and ends a suspended member's sessions.
	fx.Provide(
		func(a *accountsstore.Accounts) app.AccountFinder { return a },
		func(a *accountsstore.Accounts) moderation.AccountStore { return a },
		func(a *accountsstore.Accounts) moderation.AccountCreator { return a },
		func(s *accountsstore.Sessions) moderation.SessionRevoker { return s },
	),
	// The account deletion locks the account and ends its sessions.
	fx.Provide(
		func(a *accountsstore.Accounts) app.AccountLocker { return a },
		func(s *accountsstore.Sessions) datarights.AllSessionsRevoker { return s },
	),
	fx.Provide(plugin.AsRoutes(httpapi.NewRoutes)),
	fx.Provide(fx.Annotate(newOAuthMounts, fx.ResultTags(`group:"http_mounts,flatten"`))),
	fx.Provide(plugin.AsWorker(newSendPasswordResetWorker)),
	fx.Provide(plugin.AsWorker(newSendSignInAlertWorker)),
	fx.Provide(plugin.AsWorker(newPruneSignInFailuresWorker), plugin.AsPeriodicJob(accountsstore.NewPruneSignInFailuresJob)),
	fx.Provide(plugin.AsWorker(newPruneOAuthWorker), plugin.AsPeriodicJob(accountsstore.NewPruneOAuthJob)),
)

func newSendPasswordResetWorker(uc httpapi.UseCases) plugin.Worker {
	return plugin.NewWorker("", &accountsstore.MailJobWorker[accountsstore.SendPasswordResetArgs]{Send: uc.SendReset})
}

func newSendSignInAlertWorker(uc httpapi.UseCases) plugin.Worker {
	return plugin.NewWorker("", &accountsstore.MailJobWorker[accountsstore.SendSignInAlertArgs]{Send: uc.SendAlert})
}

func newPruneSignInFailuresWorker(f *accountsstore.SignInFailures) plugin.Worker {
	return plugin.NewWorker("", &accountsstore.PruneSignInFailuresWorker{Failures: f})
}

func newPruneOAuthWorker(o *accountsstore.OAuth, clock ports.Clock) plugin.Worker {
	return plugin.NewWorker("", &accountsstore.PruneOAuthWorker{Prune: &app.PruneOAuth{Store: o, Clock: clock}})
}

type useCaseParams struct {
	fx.In
	Config      *config.Config
	Tx          ports.Transactor
	Accounts    *accountsstore.Accounts
	Profiles    profiles.ProfileReader
	Staff       profiles.StaffNames
	Sessions    *accountsstore.Sessions
	EmailTokens *accountsstore.EmailTokens
	Failures    *accountsstore.SignInFailures
	Devices     *accountsstore.KnownDevices
	Outbox      ports.Outbox
	Limiter     ports.RateLimiter
	Tokens      ports.AccessTokens
	Hasher      ports.PasswordHasher
	Clock       ports.Clock
	Search      ports.SearchIndexQueue
	Ends        ports.SessionEnds  `optional:"true"` // the realtime gateways
	SecondStep  ports.SecondFactor `optional:"true"` // the twofactor feature
	Jobs        *pgkit.JobInserter
	OAuth       *accountsstore.OAuth
	Notices     *notifications.Recorder
	Announcer   *notifications.Announcer
}

// newDeviceNotice tells members of sign-ins from devices their accounts
// had not seen.
func newDeviceNotice(p useCaseParams) *app.NewDeviceNotice {
	return &app.NewDeviceNotice{Tx: p.Tx, Devices: p.Devices, Notices: p.Notices, Announcer: p.Announcer}
}

// SettingsFrom reads the use cases' settings from the configuration.
func SettingsFrom(cfg *config.Config) app.Settings {
	return app.Settings{
		PublicURL:         trimSlash(cfg.HTTP.PublicURL),
		SessionMaxAge:     cfg.Auth.SessionMaxAge,
		RefreshReuseGrace: cfg.Auth.RefreshReuseGrace,
		ConfirmationTTL:   cfg.Auth.ConfirmationTTL,
		PasswordResetTTL:  cfg.Auth.PasswordResetTTL,
		Limits: app.Limits{
			SignUpPerEmail: cfg.Limits.SignUpPerEmail, SignUpPerIP: cfg.Limits.SignUpPerIP,
			SignInPerEmail: cfg.Limits.SignInPerEmail, SignInPerIP: cfg.Limits.SignInPerIP,
			SignInPerEmailAll: cfg.Limits.SignInPerEmailAll,
		},
	}
}

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}

func newOpenVerifiedSession(p useCaseParams) *app.OpenVerifiedSession {
	return &app.OpenVerifiedSession{Accounts: p.Accounts, Sessions: p.Sessions, Profiles: p.Profiles,
		AccessTokens: p.Tokens, Clock: p.Clock, Settings: app.Settings{SessionMaxAge: p.Config.Auth.SessionMaxAge},
		Devices: p.Devices, NewDevice: newDeviceNotice(p)}
}

func newOAuthMounts(p useCaseParams, logger *slog.Logger) []httpkit.Mount {
	return httpapi.NewOAuthMounts(httpapi.OAuthUseCases{
		Register: &app.RegisterApp{Apps: p.OAuth, Clock: p.Clock, Limiter: p.Limiter, PerIP: p.Config.Limits.OAuthAppsPerIP},
		AppOf:    &app.AppOfToken{Apps: p.OAuth},
		Issue: &app.IssueToken{Tx: p.Tx, Apps: p.OAuth, Grants: p.OAuth, Members: p.OAuth, Clock: p.Clock,
			Limiter: p.Limiter, PerIP: p.Config.Limits.OAuthTokensPerIP, Ends: p.Ends},
		Revoke: &app.RevokeToken{Apps: p.OAuth, Grants: p.OAuth, Clock: p.Clock, Ends: p.Ends},
	}, p.Config.HTTP.PublicURL, logger)
}

func newUseCases(p useCaseParams) httpapi.UseCases {
	s := SettingsFrom(p.Config)
	mailer := app.AccountMailer{Tx: p.Tx, Accounts: p.Accounts, Profiles: p.Profiles, Outbox: p.Outbox,
		Limiter: p.Limiter, Settings: s}
	return httpapi.UseCases{
		SignUp: &app.SignUp{Tx: p.Tx, Staff: p.Staff, Search: p.Search, Accounts: p.Accounts, Tokens: p.EmailTokens, Outbox: p.Outbox,
			Hasher: p.Hasher, Limiter: p.Limiter, Clock: p.Clock, Settings: s},
		ConfirmEmail: &app.ConfirmEmail{Tx: p.Tx, Tokens: p.EmailTokens, Accounts: p.Accounts, Sessions: p.Sessions,
			Profiles: p.Profiles, AccessTokens: p.Tokens, Clock: p.Clock, Settings: s},
		Resend: &app.ResendConfirmation{AccountMailer: mailer, Tokens: p.EmailTokens, Clock: p.Clock},
		SignIn: &app.SignIn{Accounts: p.Accounts, Sessions: p.Sessions, Profiles: p.Profiles, AccessTokens: p.Tokens,
			Hasher: p.Hasher, Clock: p.Clock, Settings: s, SecondStep: p.SecondStep, NewDevice: newDeviceNotice(p),
			Guard: app.SignInGuard{Failures: p.Failures, Devices: p.Devices, Alerts: accountsstore.MailJobs{Jobs: p.Jobs}}},
		Refresh: &app.RefreshSession{Tx: p.Tx, Store: p.Sessions, Accounts: p.Accounts, Profiles: p.Profiles,
			AccessTokens: p.Tokens, Clock: p.Clock, Settings: s, Ends: p.Ends},
		SignOut:   &app.SignOut{Sessions: p.Sessions, Clock: p.Clock, Ends: p.Ends},
		Forgot:    &app.RequestPasswordReset{Queue: accountsstore.MailJobs{Jobs: p.Jobs}, Limiter: p.Limiter},
		SendReset: &app.SendPasswordReset{AccountMailer: mailer, Tokens: p.EmailTokens, Clock: p.Clock},
		SendAlert: &app.SendSignInAlert{AccountMailer: mailer},
		Reset: &app.ResetPassword{Tx: p.Tx, Tokens: p.EmailTokens, Accounts: p.Accounts, Sessions: p.Sessions,
			Hasher: p.Hasher, Devices: p.Devices, Clock: p.Clock, Ends: p.Ends},
		Sessions:   &app.ListSessions{Sessions: p.Sessions},
		EndSession: &app.EndSession{Sessions: p.Sessions, Clock: p.Clock, Ends: p.Ends},
		EndOthers:  &app.EndOtherSessions{Sessions: p.Sessions, Clock: p.Clock, Ends: p.Ends},

		ReadAuthorization: &app.ReadAuthorization{Apps: p.OAuth},
		Approve:           &app.ApproveAuthorization{Apps: p.OAuth, Grants: p.OAuth, Clock: p.Clock},
		Deny:              &app.DenyAuthorization{Apps: p.OAuth},
		ConnectedApps:     &app.ListConnectedApps{Grants: p.OAuth, Clock: p.Clock},
		Disconnect:        &app.DisconnectApp{Grants: p.OAuth, Clock: p.Clock, Ends: p.Ends},
	}
}
