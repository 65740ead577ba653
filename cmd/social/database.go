package main

import (
	"context"
	"time"

	"go.uber.org/fx"

	"social/assembly"
	"social/plugins"
)

// withDatabase starts just the database part of the app (booting the private
// cluster if there is no database URL), runs fn with what it populates, and
// stops everything again.
func withDatabase(ctx context.Context, g *globals, fn func(ctx context.Context) error, populate ...any) error {
	app := fx.New(
		assembly.Database(g.cfg, g.logger, plugins.All()),
		fx.Populate(populate...),
		fx.StartTimeout(startTimeout),
	)
	if err := app.Err(); err != nil {
		return err
	}
	startCtx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	if err := app.Start(startCtx); err != nil {
		return err
	}
	runErr := fn(ctx)
	stopCtx, cancelStop := context.WithTimeout(context.Background(), time.Minute)
	defer cancelStop()
	if err := app.Stop(stopCtx); err != nil && runErr == nil {
		return err
	}
	return runErr
}
