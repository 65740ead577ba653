package httpkit

import (
	"context"

	"go.uber.org/fx"
)

// ReadyCheck is one more condition of readiness (GET /readyz), contributed
// through the readiness_checks group with AsReadyCheck: the NATS bus's
// connection, say.
type ReadyCheck struct {
	// Name is the key in the answer's checks.
	Name string
	// Check answers nil when ready; its error is the check's value.
	Check func(ctx context.Context) error
}

// AsReadyCheck contributes the ReadyCheck returned by constructor.
func AsReadyCheck(constructor any) any {
	return fx.Annotate(constructor, fx.ResultTags(`group:"readiness_checks"`))
}

// Serving stands for the HTTP server once it is built, with its start and
// stop hooks registered; the HTTP adapter provides it. fx runs stop hooks
// in the reverse order of registration, so a component that depends on
// Serving and registers its stop hook then stops while the server still
// serves (the realtime gateway closes its sockets with 1001 before the
// server drains).
type Serving struct{}
