package postgres

import (
	"go.uber.org/fx"

	"social/core/ports"
	accountsstore "social/features/accounts/pgstore"
	profilesstore "social/features/profiles/pgstore"
	"social/kit/plugin"
)

// Stores provides core's stores on bun (accounts, profiles, sessions,
// e-mail tokens), the transactor, the rate limiter and the idempotency
// keys with their pruning jobs,
// and the in-transaction job inserter.
var Stores = fx.Module("stores",
	fx.Provide(
		fx.Annotate(NewTransactor, fx.As(new(ports.Transactor)), fx.As(fx.Self())),
		fx.Annotate(NewRateLimiter, fx.As(new(ports.RateLimiter)), fx.As(fx.Self())),
		accountsstore.NewAccounts,
		profilesstore.NewProfiles,
		accountsstore.NewSessions,
		accountsstore.NewEmailTokens,
		NewJobInserter,
		plugin.AsWorker(newPruneRateLimitsWorker),
		plugin.AsPeriodicJob(newPruneRateLimitsJob),
		fx.Annotate(NewIdempotencyKeys, fx.As(new(ports.IdempotencyKeys)), fx.As(fx.Self())),
		plugin.AsWorker(newPruneIdempotencyKeysWorker),
		plugin.AsPeriodicJob(newPruneIdempotencyKeysJob),
	),
)
