package postgres

import (
	"go.uber.org/fx"

	"social/core/ports"
	"social/kit/plugin"
	"social/platform/pgkit"
)

// Stores provides the transactor, the rate limiter and the idempotency
// keys with their pruning jobs, and the in-transaction job inserter.
var Stores = fx.Module("stores",
	fx.Provide(
		fx.Annotate(pgkit.NewTransactor, fx.As(new(ports.Transactor)), fx.As(new(ports.AfterCommit)), fx.As(fx.Self())),
		fx.Annotate(NewRateLimiter, fx.As(new(ports.RateLimiter)), fx.As(fx.Self())),
		pgkit.NewJobInserter,
		plugin.AsWorker(newPruneRateLimitsWorker),
		plugin.AsPeriodicJob(newPruneRateLimitsJob),
		NewNodeLease,
		fx.Annotate(NewIdempotencyKeys, fx.As(new(ports.IdempotencyKeys)), fx.As(fx.Self())),
		plugin.AsWorker(newPruneIdempotencyKeysWorker),
		plugin.AsPeriodicJob(newPruneIdempotencyKeysJob),
	),
	fx.Invoke(stopLeaseWithApp, stopKeyWritesWithApp),
)
