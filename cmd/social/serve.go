package main

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/spf13/cobra"
	"go.uber.org/fx"

	"social/adapters/logging"
	"social/assembly"
	"social/plugins"
)

// startTimeout covers a first start: creating the private cluster and
// applying every migration.
const startTimeout = 3 * time.Minute

// logFlushInterval is how late an information line may reach the log;
// warnings and errors are written at once.
const logFlushInterval = 100 * time.Millisecond

func newServeCommand(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Serve the API, the member app and the admin console, and work background jobs",
		Long: `serve starts everything: the private PostgreSQL cluster when no database URL
is configured, pending migrations (database.auto_migrate), the job client, and
the HTTP server on http.addr.

SIGINT or SIGTERM stop it gracefully: in-flight requests finish (up to
http.shutdown_timeout), jobs stop, then the private cluster stops.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// A line per request, written one by one, would cost a system
			// call each; the buffer is closed last, after the stop's lines.
			logger, logs := logging.NewBuffered(g.cfg, os.Stderr, logFlushInterval)
			defer logs.Close()
			g.logger = logger
			slog.SetDefault(logger)
			app := fx.New(assembly.Server(g.cfg, g.logger, plugins.All()), fx.StartTimeout(startTimeout))
			if err := app.Err(); err != nil {
				return err
			}
			startCtx, cancel := context.WithTimeout(cmd.Context(), startTimeout)
			defer cancel()
			if err := app.Start(startCtx); err != nil {
				return err
			}
			sig := <-app.Wait()
			g.logger.Info("shutting down", "signal", sig.Signal.String())
			stopCtx, cancelStop := context.WithTimeout(context.Background(), g.cfg.HTTP.ShutdownTimeout+30*time.Second)
			defer cancelStop()
			if err := app.Stop(stopCtx); err != nil {
				return err
			}
			g.logger.Info("stopped")
			return nil
		},
	}
}
