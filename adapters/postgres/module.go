package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"go.uber.org/fx"

	"social/adapters/postgres/cluster"
	"social/config"
	"social/core/ports"
	"social/kit/plugin"
	"social/platform/lifecycle"
	"social/platform/pgkit"
)

// Module provides the shared pool and bun on it, the pgkit.ReadDB (with
// the ReadYourWrites middleware that goes with a replica), the
// pgkit.BackgroundDB, and the access notices (AccessNotifier as
// ports.AccessChanges and ports.SessionEnds; the AccessListener for
// whoever reacts to them). With no database.url it
// starts a private cluster first and stops it last.
var Module = fx.Module("postgres", fx.Provide(
	providePool, provideBun, provideReadDB, provideBackgroundDB,
	fx.Annotate(NewAccessNotifier, fx.As(new(ports.AccessChanges)), fx.As(new(ports.SessionEnds))),
	provideAccessListener,
))

func provideReadDB(lc fx.Lifecycle, cfg *config.Config, primary *bun.DB, primaryPool *pgxpool.Pool, logger *slog.Logger) (pgkit.ReadDB, *ReadYourWrites, error) {
	if cfg.Database.ReadURL == "" {
		return pgkit.ReadDB{DB: primary}, nil, nil
	}
	pool, err := NewPool(context.Background(), cfg.Database.ReadURL, cfg.Database.MaxConns)
	if err != nil {
		return pgkit.ReadDB{}, nil, fmt.Errorf("database.read_url: %w", err)
	}
	log := logger.With("component", "read_replica")
	sqlDB, router := newReadSQLDB(pool, primaryPool, log)
	db := bun.NewDB(sqlDB, pgdialect.New())
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			// A replica that does not answer does not stop the node: its
			// reads go to the primary until it does.
			if err := pool.Ping(ctx); err != nil {
				router.markDown(err)
			}
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return closeDB(ctx, db, pool)
		},
	})
	return pgkit.ReadDB{DB: db}, &ReadYourWrites{pool: primaryPool, log: log}, nil
}

// backgroundSpare is the background pool's connections beyond one per job
// worker: the job queue's listener (held for good), its leader and fetches,
// and the search indexer.
const backgroundSpare = 4

type backgroundParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Config    *config.Config
	Shared    *pgxpool.Pool
	Queues    []plugin.Queue `group:"river_queues"`
}

// provideBackgroundDB is a second pool on the primary, with the shared
// pool's settings, for the jobs and the search indexer. It connects lazily,
// and stops before the shared pool (whose start hook may start the private
// cluster) and after whatever works on it, which depends on it.
// The plugins' own job queues (plugin.Queue) add their workers to it.
func provideBackgroundDB(p backgroundParams) (pgkit.BackgroundDB, error) {
	lc, cfg, shared := p.Lifecycle, p.Config, p.Shared
	workers := cfg.Jobs.Workers + cfg.Jobs.OutsideWorkers
	for _, q := range p.Queues {
		workers += max(q.MaxWorkers, 1)
	}
	pcfg := shared.Config()
	pcfg.MaxConns = int32(workers + backgroundSpare)
	pcfg.MinConns = 0
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return pgkit.BackgroundDB{}, fmt.Errorf("open background database pool: %w", err)
	}
	db := NewBun(pool)
	lc.Append(fx.Hook{OnStop: func(ctx context.Context) error { return closeDB(ctx, db, pool) }})
	return pgkit.BackgroundDB{DB: db, Pool: pool}, nil
}

// provideBun is bun on the shared pool. Its stop hook runs before the
// pool's (it was added after it) and hands back the connections
// database/sql keeps idle, which the pool's Close would wait for.
func provideBun(lc fx.Lifecycle, pool *pgxpool.Pool) *bun.DB {
	db := NewBun(pool)
	lc.Append(fx.Hook{OnStop: func(context.Context) error { return db.Close() }})
	return db
}

// closeDB closes db, then its pool, within ctx.
func closeDB(ctx context.Context, db *bun.DB, pool *pgxpool.Pool) error {
	if err := db.Close(); err != nil {
		return fmt.Errorf("close database handle: %w", err)
	}
	return closePool(ctx, pool)
}

// closePool closes pool, waiting no longer than ctx for the connections
// still in use (a statement that outlived its request) to come back.
func closePool(ctx context.Context, pool *pgxpool.Pool) error {
	return lifecycle.Await(ctx, "close database pool", pool.Close)
}

// EmbeddedDatabase is the database created in the private cluster.
const EmbeddedDatabase = "social"

type poolParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Config    *config.Config
	Logger    *slog.Logger
}

func providePool(p poolParams) (*pgxpool.Pool, error) {
	url := p.Config.Database.URL
	var beforeConnect func(context.Context, *pgx.ConnConfig) error
	if url == "" {
		// The cluster itself is made in the start hook, so that commands
		// that never start the app (printing the OpenAPI document) do not
		// need PostgreSQL binaries.
		var cl *cluster.Cluster
		// The application connects as the cluster's application role,
		// never its superuser; the password is read from the cluster's
		// password file when a connection is opened (the file is written
		// when the cluster is first created, after this).
		url = cluster.AppURL(p.Config.Database.Embedded.Port, EmbeddedDatabase)
		dir := p.Config.EmbeddedDir()
		beforeConnect = func(_ context.Context, cc *pgx.ConnConfig) error {
			pw, err := cluster.Password(dir, cluster.AppRole)
			if err != nil {
				return err
			}
			cc.Password = pw
			return nil
		}
		p.Lifecycle.Append(fx.Hook{
			OnStart: func(ctx context.Context) error {
				var err error
				cl, err = cluster.New(cluster.Options{
					Dir:    p.Config.EmbeddedDir(),
					Port:   p.Config.Database.Embedded.Port,
					BinDir: p.Config.Database.Embedded.BinDir,
					Logger: p.Logger,
				})
				if err != nil {
					return err
				}
				return cl.Start(ctx, EmbeddedDatabase)
			},
			OnStop: func(ctx context.Context) error {
				if cl == nil {
					return nil
				}
				return cl.Stop(ctx)
			},
		})
	}
	pool, err := newPool(context.Background(), url, p.Config.Database.MaxConns, beforeConnect)
	if err != nil {
		return nil, err
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pingWithRetry(ctx, pool, "database.url") },
		OnStop:  func(ctx context.Context) error { return closePool(ctx, pool) },
	})
	return pool, nil
}

// pingWithRetry waits a little for a database that is still starting.
func pingWithRetry(ctx context.Context, pool *pgxpool.Pool, key string) error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		err := pool.Ping(ctx)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("%s: cannot reach the database: %w", key, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// SchemaReady marks that migrations ran (or were checked) before anything
// that needs the schema starts: whoever takes it as a dependency starts after.
type SchemaReady struct{}

// ProvideSchemaReady applies pending migrations at start when
// database.auto_migrate is on, and otherwise refuses to start on a database
// with pending migrations.
func ProvideSchemaReady(lc fx.Lifecycle, cfg *config.Config, logger *slog.Logger, m *Migrator) SchemaReady {
	lc.Append(fx.Hook{OnStart: func(ctx context.Context) error { return EnsureSchema(ctx, cfg, logger, m) }})
	return SchemaReady{}
}

// EnsureSchema is the rule every command that works on the data follows
// before it starts: apply the pending migrations when
// database.auto_migrate is on, otherwise refuse a schema with one pending.
func EnsureSchema(ctx context.Context, cfg *config.Config, logger *slog.Logger, m *Migrator) error {
	if cfg.Database.AutoMigrate {
		applied, err := m.Up(ctx)
		if err != nil {
			return err
		}
		for _, a := range applied {
			logger.Info("migration applied", "set", a.Set, "name", a.Name)
		}
		return nil
	}
	st, err := m.Status(ctx)
	if err != nil {
		return err
	}
	for _, s := range st {
		if !s.Applied {
			return fmt.Errorf("database.auto_migrate is off and migration %s/%s is pending: run `social migrate up`", s.Set, s.Name)
		}
	}
	return nil
}
