package apptest

import (
	"bytes"
	"log/slog"
	"sync"
	"testing"

	"go.uber.org/fx"

	"social/config"
)

// Logs are the app's log lines, as JSON, collected while it runs.
type Logs struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *Logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// String is every line written so far.
func (l *Logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// StartLoggingAll is Start with every request logged at debug into the
// returned Logs: what tests that look for secrets in log lines read.
func StartLoggingAll(t testing.TB) (*App, *Logs) {
	t.Helper()
	logs := &Logs{}
	app := StartWith(t, func(c *config.Config) { c.Log.Level = "debug"; c.Log.Requests = config.LogRequestsAll },
		fx.Decorate(func(*slog.Logger) *slog.Logger {
			return slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		}))
	return app, logs
}
