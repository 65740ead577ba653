// Package testkit is the test rig: a real PostgreSQL for every test (its own
// database cloned from a migrated template), and the whole app booted with
// fxtest on a random port.
package testkit

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/adapters/postgres/cluster"
	"social/assembly"
	"social/config"
	"social/kit/plugin"
	"social/migrations"
	"social/plugins"
)

// EnvDatabaseURL names a server (any database on it) the tests may create
// databases on. Without it, Main starts a throwaway private cluster.
const EnvDatabaseURL = "TEST_DATABASE_URL"

// Main runs a package's tests; call it from TestMain. It provides a server
// when EnvDatabaseURL is unset and removes it afterwards.
func Main(m *testing.M) int {
	if os.Getenv(EnvDatabaseURL) != "" {
		return m.Run()
	}
	stop, url, err := StartThrowawayCluster(context.Background())
	if err != nil {
		fmt.Fprintln(os.Stderr, "testkit:", err)
		return 1
	}
	defer stop()
	os.Setenv(EnvDatabaseURL, url)
	return m.Run()
}

// StartThrowawayCluster starts a private cluster in a temporary folder on a
// free port, without durability, and returns how to stop and remove it. If
// this process ends without calling stop, a reaper process stops and
// removes the cluster.
func StartThrowawayCluster(ctx context.Context) (stop func(), url string, err error) {
	dir, err := os.MkdirTemp("", "social-test-pg-")
	if err != nil {
		return nil, "", err
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, "", err
	}
	port, err := cluster.FreePort()
	if err != nil {
		return nil, "", err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	cl, err := cluster.New(cluster.Options{Dir: dir + "/pg", Port: port, Throwaway: true, Logger: quiet})
	if err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	if err := cl.Start(ctx, ""); err != nil {
		os.RemoveAll(dir)
		return nil, "", err
	}
	reaper, err := startReaper(dir+"/pg", dir)
	if err != nil {
		_ = cl.Stop(context.Background())
		os.RemoveAll(dir)
		return nil, "", err
	}
	return func() {
		_ = cl.Stop(context.Background())
		os.RemoveAll(dir)
		reaper.Close()
	}, cl.URL("postgres"), nil
}

// NewDatabase creates a database for t, cloned from a template migrated
// with core's, River's and the plugins' migrations, and drops it when t
// ends. It returns the database's URL.
func NewDatabase(t testing.TB, list ...plugin.Plugin) string {
	t.Helper()
	if list == nil {
		list = plugins.All()
	}
	server := os.Getenv(EnvDatabaseURL)
	if server == "" {
		t.Fatalf("%s is not set: call testkit.Main from TestMain", EnvDatabaseURL)
	}
	ctx := context.Background()
	tmpl, err := ensureTemplate(ctx, server, list)
	if err != nil {
		t.Fatalf("migrated template: %v", err)
	}
	name := "test_" + randomHex(8)
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		t.Fatalf("connect to test server: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s TEMPLATE %s",
		pgx.Identifier{name}.Sanitize(), pgx.Identifier{tmpl}.Sanitize())); err != nil {
		t.Fatalf("clone template: %v", err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), server)
		if err != nil {
			t.Errorf("drop test database: %v", err)
			return
		}
		defer c.Close(context.Background())
		if _, err := c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+pgx.Identifier{name}.Sanitize()+" WITH (FORCE)"); err != nil {
			t.Errorf("drop test database: %v", err)
		}
	})
	return withDatabase(server, name)
}

// templates remembers the templates this process made or found, by server
// and name: a test on a server of its own (a private cluster) must not
// take a template of the shared server for one of its own.
var templates sync.Map // templateKey -> struct{}

type templateKey struct{ server, name string }

// ensureTemplate builds, once per migration content, a migrated template
// database. Test processes running at once agree through an advisory lock.
func ensureTemplate(ctx context.Context, server string, list []plugin.Plugin) (string, error) {
	sum, err := migrationsDigest(list)
	if err != nil {
		return "", err
	}
	name := "tmpl_" + sum[:16]
	key := templateKey{server: server, name: name}
	if _, ok := templates.Load(key); ok {
		return name, nil
	}
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		return "", err
	}
	defer admin.Close(ctx)
	lockKey := int64(binary.BigEndian.Uint64(must(hex.DecodeString(sum[:16]))))
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock($1)", lockKey); err != nil {
		return "", err
	}
	defer admin.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", lockKey) //nolint:errcheck
	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if !exists {
		build := name + "_build"
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{build}.Sanitize()+" WITH (FORCE)"); err != nil {
			return "", err
		}
		if _, err := admin.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{build}.Sanitize()); err != nil {
			return "", err
		}
		if err := migrate(ctx, withDatabase(server, build), list); err != nil {
			return "", fmt.Errorf("migrate template: %w", err)
		}
		if _, err := admin.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s",
			pgx.Identifier{build}.Sanitize(), pgx.Identifier{name}.Sanitize())); err != nil {
			return "", err
		}
	}
	templates.Store(key, struct{}{})
	return name, nil
}

func migrate(ctx context.Context, dbURL string, list []plugin.Plugin) error {
	cfg := Config(dbURL)
	var m *postgres.Migrator
	app := fx.New(assembly.Database(cfg, Logger(), list), fx.Populate(&m), fx.NopLogger)
	if err := app.Start(ctx); err != nil {
		return err
	}
	_, upErr := m.Up(ctx)
	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := app.Stop(stopCtx); err != nil && upErr == nil {
		return err
	}
	return upErr
}

type migrationSets struct {
	fx.In
	Sets []plugin.Migrations `group:"migrations"`
}

// migrationsDigest identifies the schema a template would have: every
// migration file of core and of the enabled plugins, and River's version.
func migrationsDigest(list []plugin.Plugin) (string, error) {
	var sets migrationSets
	app := fx.New(assembly.Database(Config("postgres://unused@127.0.0.1:1/unused"), Logger(), list), fx.Populate(&sets), fx.NopLogger)
	if err := app.Err(); err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "river %s\n", riverVersion())
	all := []plugin.Migrations{{Plugin: "core", FS: migrations.Files}}
	all = append(all, sets.Sets...)
	sort.Slice(all, func(i, j int) bool { return all[i].Plugin < all[j].Plugin })
	for _, s := range all {
		err := fs.WalkDir(s.FS, ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(s.FS, path)
			if err != nil {
				return err
			}
			fmt.Fprintf(h, "%s/%s %d\n", s.Plugin, path, len(b))
			h.Write(b)
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Config is the configuration tests run with: the given database, a
// random local port, admin access open, quiet logs.
func Config(dbURL string) *config.Config {
	cfg, err := config.Load("", plugin.ConfigSections(plugins.All())...)
	if err != nil {
		panic(err)
	}
	cfg.Database.URL = dbURL
	cfg.Database.MaxConns = 8
	cfg.HTTP.Addr = "127.0.0.1:0"
	cfg.HTTP.ShutdownTimeout = 10 * time.Second
	cfg.Jobs.Workers = 4
	cfg.Admin.OpenAccess = true
	cfg.DataDir = os.TempDir()
	return cfg
}

// Logger is quiet unless SOCIAL_TEST_LOG is set.
func Logger() *slog.Logger {
	if os.Getenv("SOCIAL_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

func withDatabase(server, name string) string {
	u, err := url.Parse(server)
	if err != nil {
		panic(err)
	}
	u.Path = "/" + name
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
