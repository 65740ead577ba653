package apptest

import (
	"log/slog"
	"testing"

	"go.uber.org/fx"

	"social/config"
	"social/tests/testkit/output"
)

// Logs are the app's log lines, as JSON, collected while it runs.
type Logs = output.Buffer

// StartLoggingAll is Start with every request logged at debug into the
// returned Logs: what tests that look for secrets in log lines read.
func StartLoggingAll(t testing.TB) (*App, *Logs) {
	t.Helper()
	return StartLoggingAllWith(t, nil)
}

// StartLoggingAllWith is StartLoggingAll with tweak adjusting the
// configuration first.
func StartLoggingAllWith(t testing.TB, tweak func(*config.Config)) (*App, *Logs) {
	t.Helper()
	logs := &Logs{}
	app := StartWith(t, func(c *config.Config) {
		if tweak != nil {
			tweak(c)
		}
		c.Log.Level = "debug"
		c.Log.Requests = config.LogRequestsAll
	},
		fx.Decorate(func(*slog.Logger) *slog.Logger {
			return slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		}))
	return app, logs
}
