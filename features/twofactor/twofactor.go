// Package twofactor is the two-step sign-in feature: the authenticator app
// (TOTP) with recovery codes, and passkeys (WebAuthn) as a second step and
// as a password-less sign-in. Its use cases are in app/, its store in
// pgstore/, its routes in httpapi/; this file wires them. It provides
// ports.SecondFactor, which the password sign-in and the staff console's
// gate ask.
package twofactor

import (
	"github.com/go-webauthn/webauthn/webauthn"
	"go.uber.org/fx"

	"social/config"
	"social/core/ports"
	accountsapp "social/features/accounts/app"
	"social/features/twofactor/app"
	"social/features/twofactor/httpapi"
	"social/features/twofactor/pgstore"
	"social/kit/plugin"
)

// Module wires the use cases to the store, provides ports.SecondFactor and
// contributes the routes and the hourly prune of used challenges.
var Module = fx.Module("twofactor",
	fx.Provide(
		fx.Private,
		pgstore.NewStore,
		newWebAuthn,
		newGate,
		newUseCases,
	),
	fx.Provide(func(g *app.BeginSecondStep) ports.SecondFactor { return g }),
	fx.Provide(plugin.AsRoutes(httpapi.NewRoutes)),
	fx.Provide(plugin.AsMemberData(func(s *pgstore.Store) plugin.MemberData {
		return plugin.MemberData{Name: "twofactor", Data: s}
	})),
	// Used challenges and old failures are deleted hourly.
	fx.Provide(
		plugin.AsWorker(func(s *pgstore.Store, clock ports.Clock) plugin.Worker {
			return plugin.NewWorker("", &pgstore.PruneWorker{Store: s, Clock: clock})
		}),
		plugin.AsPeriodicJob(pgstore.NewPruneJob),
	),
)

func settingsFrom(cfg *config.Config) app.Settings {
	u := cfg.HTTP.PublicURL
	for len(u) > 0 && u[len(u)-1] == '/' {
		u = u[:len(u)-1]
	}
	return app.Settings{PublicURL: u}
}

func newWebAuthn(cfg *config.Config) (*webauthn.WebAuthn, error) {
	return app.NewWebAuthn(settingsFrom(cfg).PublicURL)
}

func newGate(s *pgstore.Store, wa *webauthn.WebAuthn, clock ports.Clock) *app.BeginSecondStep {
	return &app.BeginSecondStep{Store: s, WebAuthn: wa, Clock: clock}
}

type useCaseParams struct {
	fx.In
	Config   *config.Config
	Tx       ports.Transactor
	Store    *pgstore.Store
	WebAuthn *webauthn.WebAuthn
	Accounts accountsapp.AccountReader
	Opener   *accountsapp.OpenVerifiedSession // the accounts feature's
	Outbox   ports.Outbox
	Limiter  ports.RateLimiter
	Clock    ports.Clock
	Gate     *app.BeginSecondStep
}

func newUseCases(p useCaseParams) httpapi.UseCases {
	s := settingsFrom(p.Config)
	opener := p.Opener
	return httpapi.UseCases{
		Complete:  &app.CompleteSecondStep{Tx: p.Tx, Store: p.Store, WebAuthn: p.WebAuthn, Sessions: opener, Clock: p.Clock},
		Status:    &app.GetStatus{Store: p.Store},
		StartTOTP: &app.StartTOTP{Store: p.Store, Accounts: p.Accounts, Clock: p.Clock},
		ConfirmTOTP: &app.ConfirmTOTP{Tx: p.Tx, Store: p.Store, Accounts: p.Accounts, Outbox: p.Outbox,
			Clock: p.Clock, Settings: s},
		DisableTOTP: &app.DisableTOTP{Tx: p.Tx, Store: p.Store, Accounts: p.Accounts, Outbox: p.Outbox,
			Limiter: p.Limiter, Clock: p.Clock, Settings: s},
		Regenerate: &app.RegenerateRecoveryCodes{Tx: p.Tx, Store: p.Store, Gate: p.Gate, Accounts: p.Accounts,
			Outbox: p.Outbox, Clock: p.Clock, Settings: s},
		BeginRegister: &app.BeginPasskeyRegistration{Store: p.Store, Accounts: p.Accounts, WebAuthn: p.WebAuthn, Clock: p.Clock},
		FinishRegister: &app.FinishPasskeyRegistration{Tx: p.Tx, Store: p.Store, Accounts: p.Accounts, Outbox: p.Outbox,
			WebAuthn: p.WebAuthn, Clock: p.Clock, Settings: s},
		RemovePasskey: &app.RemovePasskey{Tx: p.Tx, Store: p.Store, Accounts: p.Accounts, Outbox: p.Outbox, Settings: s},
		BeginSignIn: &app.BeginPasskeySignIn{Store: p.Store, WebAuthn: p.WebAuthn, Limiter: p.Limiter, Clock: p.Clock,
			PerIP: p.Config.Limits.SignInPerIP},
		FinishSignIn: &app.FinishPasskeySignIn{Tx: p.Tx, Store: p.Store, WebAuthn: p.WebAuthn, Sessions: opener, Clock: p.Clock},
	}
}
