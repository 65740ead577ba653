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
	return withApp(ctx, assembly.Database(g.cfg, g.logger, plugins.All()), fn, populate...)
}

// withDatabaseValue is withDatabase for a command that needs one value of
// the graph (the migrator, the database handle): fn is given it.
func withDatabaseValue[T any](ctx context.Context, g *globals, fn func(ctx context.Context, value T) error) error {
	var value T
	return withDatabase(ctx, g, func(ctx context.Context) error { return fn(ctx, value) }, &value)
}

// withCommands is withDatabase with every use case in the graph
// (assembly.Commands), changed by opts (a seeding's decorations).
func withCommands(ctx context.Context, g *globals, opts fx.Option, fn func(ctx context.Context) error, populate ...any) error {
	return withApp(ctx, fx.Options(assembly.Commands(g.cfg, g.logger, plugins.All()), opts), fn, populate...)
}

// withApp starts app, runs fn with what it populates, and stops it again.
func withApp(ctx context.Context, app fx.Option, fn func(ctx context.Context) error, populate ...any) error {
	return runApp(ctx, fx.New(
		app,
		fx.Populate(populate...),
		fx.StartTimeout(startTimeout),
	), fn)
}

func runApp(ctx context.Context, app *fx.App, fn func(ctx context.Context) error) error {
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
