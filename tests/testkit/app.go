package testkit

import (
	"context"
	"path/filepath"
	"runtime/debug"
	"testing"
	"time"

	"github.com/danielgtaylor/huma/v2"
	"go.uber.org/fx"
	"go.uber.org/fx/fxtest"

	httpadapter "social/adapters/http"
	"social/assembly"
	"social/config"
	"social/kit/httpkit"
	"social/kit/plugin"
	"social/plugins"
)

// App is the whole server running for one test.
type App struct {
	URL    string // base URL, e.g. http://127.0.0.1:41234
	Config *config.Config
	fx     *fxtest.App
}

// Stop stops the app now (it is otherwise stopped when the test ends).
func (a *App) Stop(ctx context.Context) error { return a.fx.Stop(ctx) }

// StartApp boots the serving app with fxtest on its own database (cloned
// from the template for list) and a random port. populate receives values
// from the app, as fx.Populate does; extra adds options (test plugins).
func StartApp(t testing.TB, cfg *config.Config, list []plugin.Plugin, populate ...any) *App {
	t.Helper()
	if list == nil {
		list = plugins.All()
	}
	if cfg == nil {
		cfg = Config(NewDatabase(t, list...))
	}
	if cfg.Search.Bleve.Dir == "" {
		// One process owns a Bleve folder: each app gets its own, kept for
		// the test so that a restarted app finds its index again.
		cfg.Search.Bleve.Dir = filepath.Join(t.TempDir(), "search.bleve")
	}
	var server *httpadapter.Server
	var api huma.API
	var beside mounts
	app := fxtest.New(t,
		assembly.Server(cfg, Logger(), list),
		fx.Populate(append(populate, &server, &api, &beside)...),
		fx.StartTimeout(time.Minute),
		fx.NopLogger,
	)
	// Every answer under the API is checked against the document.
	patterns := make([]string, len(beside.List))
	for i, m := range beside.List {
		patterns[i] = m.Pattern
	}
	server.Wrap(NewAPIContract(t, api, patterns...).Wrap)
	app.RequireStart()
	a := &App{URL: "http://" + server.Addr(), Config: cfg, fx: app}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_ = app.Stop(ctx)
	})
	return a
}

// mounts are the plain handlers beside the API.
type mounts struct {
	fx.In
	List []httpkit.Mount `group:"http_mounts"`
}

func riverVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, m := range info.Deps {
		if m.Path == "github.com/riverqueue/river" {
			return m.Version
		}
	}
	return "unknown"
}
