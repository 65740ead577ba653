// Package assembly builds the fx application from the configuration: the
// adapters, the job client, core's admin resources and the enabled plugins.
// Every command and the contract tests assemble the app through it.
package assembly

import (
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"social/adapters/argon2id"
	httpadapter "social/adapters/http"
	"social/adapters/http/adminapi"
	"social/adapters/http/auth"
	"social/adapters/images"
	"social/adapters/jobs"
	"social/adapters/mail"
	"social/adapters/metrics"
	"social/adapters/postgres"
	"social/adapters/providers/linkpreview"
	"social/adapters/providers/remoteimage"
	"social/adapters/providers/safefetch"
	"social/adapters/providers/translate"
	"social/adapters/providers/trending"
	"social/adapters/providers/webpush"
	"social/adapters/realtime"
	searchindex "social/adapters/search"
	"social/adapters/storage"
	"social/adapters/videos"
	"social/config"
	"social/core/ports"
	"social/features"
	"social/kit/plugin"
	"social/migrations"
)

// Catalog pairs every plugin of list with its config switch.
func Catalog(cfg *config.Config, list []plugin.Plugin) plugin.Catalog {
	c := plugin.Catalog{}
	for _, p := range list {
		c.Entries = append(c.Entries, plugin.CatalogEntry{Name: p.Name, Enabled: cfg.PluginEnabled(p.Name)})
	}
	return c
}

// Database is what every command touching the database needs: the pool, bun
// and the migrator over core's, River's and the enabled plugins' sets, plus
// the media store, image cleaner and video checker that use cases (and
// seeders) write with. The media's signed links are here too, not with the
// HTTP server: what a command does is also told elsewhere (a plugin's
// change listener builds activities naming the files).
func Database(cfg *config.Config, logger *slog.Logger, list []plugin.Plugin) fx.Option {
	catalog := Catalog(cfg, list)
	opts := []fx.Option{
		fx.Supply(cfg, logger, catalog),
		fx.WithLogger(func() fxevent.Logger {
			l := &fxevent.SlogLogger{Logger: logger.With("component", "fx")}
			l.UseLogLevel(slog.LevelDebug)
			// A failed start is reported once, by the command, as one line.
			l.UseErrorLevel(slog.LevelDebug)
			return l
		}),
		fx.StopTimeout(cfg.HTTP.ShutdownTimeout + 30*time.Second),
		postgres.Module,
		fx.Provide(newMigrator),
		fx.Provide(func() ports.Clock { return ports.SystemClock{} }),
		storage.Module,
		fx.Provide(httpadapter.NewMediaLinks),
		images.Module,
		fx.Provide(fx.Annotate(argon2id.NewDefault, fx.As(new(ports.PasswordHasher)))),
		videos.Module,
		translate.Module,
		trending.Module,
		linkpreview.Module,
		remoteimage.Module,
		webpush.Module,
		safefetch.Module,
	}
	for _, p := range list {
		if cfg.PluginEnabled(p.Name) {
			opts = append(opts, p.Module)
		}
	}
	return fx.Options(opts...)
}

// Commands is what a command running use cases without serving needs
// (seed-demo, user): Database plus the stores, the mail outbox and the core
// features' modules, so that a command takes the same use cases the server
// runs from the graph. The search index and the realtime gateway stay with
// the serving nodes: what a command writes is queued for them.
func Commands(cfg *config.Config, logger *slog.Logger, list []plugin.Plugin) fx.Option {
	return fx.Options(
		Database(cfg, logger, list),
		postgres.Stores,
		mail.Module,
		auth.Module,
		features.ForCommands(),
	)
}

// Server is the whole serving application: Database plus the schema check,
// the job client, the HTTP API, the search index and core's admin resources.
func Server(cfg *config.Config, logger *slog.Logger, list []plugin.Plugin) fx.Option {
	return fx.Options(
		Database(cfg, logger, list),
		fx.Provide(postgres.ProvideSchemaReady),
		jobs.Module,
		httpadapter.Module,
		adminapi.Module,
		postgres.Stores,
		mail.Module,
		auth.Module,
		features.Modules(),
		searchindex.Module,
		realtime.Module,
		// Access changes reach the gateway through PostgreSQL, which every
		// node and every command share.
		fx.Provide(func(l *postgres.AccessListener) realtime.AccessNotices { return l }),
		fx.Provide(func(l *postgres.AccessListener) auth.AccessNotices { return l }),
		// With a read replica, each request tells its router what it must
		// see (the member's own writes).
		fx.Provide(func(m *postgres.ReadYourWrites) httpadapter.ReadRouting {
			if m == nil {
				return nil
			}
			return m
		}),
		metrics.Option(cfg),
		fx.Invoke(func(*httpadapter.Server) {}),
	)
}

type migratorParams struct {
	fx.In
	DB      *bun.DB
	Pool    *pgxpool.Pool
	Catalog plugin.Catalog
	Sets    []plugin.Migrations `group:"migrations"`
}

// newMigrator orders the sets: core, River, then plugins in list order.
func newMigrator(p migratorParams) (*postgres.Migrator, error) {
	core, err := postgres.NewSQLSet(p.DB, "core", migrations.Files)
	if err != nil {
		return nil, err
	}
	river, err := jobs.NewRiverMigrations(p.Pool)
	if err != nil {
		return nil, err
	}
	order := map[string]int{}
	for i, e := range p.Catalog.Entries {
		order[e.Name] = i
	}
	sets := append([]plugin.Migrations(nil), p.Sets...)
	sort.SliceStable(sets, func(i, j int) bool { return order[sets[i].Plugin] < order[sets[j].Plugin] })
	sources := []postgres.MigrationSource{core, river}
	for _, s := range sets {
		if s.Plugin == "" || s.Plugin == "core" || s.Plugin == "river" {
			return nil, fmt.Errorf("migrations contributed without a plugin name (or with a reserved one: %q)", s.Plugin)
		}
		set, err := postgres.NewSQLSet(p.DB, s.Plugin, s.FS)
		if err != nil {
			return nil, err
		}
		sources = append(sources, set)
	}
	return postgres.NewMigrator(p.DB, sources...), nil
}
