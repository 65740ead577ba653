package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/postgres"
	"social/adapters/postgres/cluster"
	"social/assembly"
	"social/config"
	"social/plugins"
	"social/tests/testkit"
)

// embeddedDir is a folder for a private cluster that the cluster's own user
// (postgres, when the tests run as root) can enter.
func embeddedDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "social-embedded-test-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Join(dir, "postgres")
}

// embeddedApp starts the database part of the app as `social serve` does,
// on the private cluster in dir when url is empty, and migrates it.
func embeddedApp(t *testing.T, dir string, port int, url string) (*postgres.Migrator, *bun.DB, func()) {
	t.Helper()
	cfg := testkit.Config(url)
	cfg.Database.Embedded = config.Embedded{Dir: dir, Port: port}
	var m *postgres.Migrator
	var db *bun.DB
	app := fx.New(assembly.Database(cfg, testkit.Logger(), plugins.All()), fx.Populate(&m, &db), fx.NopLogger)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if err := app.Start(ctx); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		if err := app.Stop(context.Background()); err != nil {
			t.Error(err)
		}
	}
	t.Cleanup(stop)
	if _, err := m.Up(ctx); err != nil {
		stop()
		t.Fatalf("migrations: %v", err)
	}
	return m, db, stop
}

// noPasswordURL names role on the cluster with no password at all (and no
// password file), as another account of the machine would connect.
func noPasswordURL(port int, role string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/social?sslmode=disable&passfile=%s", role, port, os.DevNull)
}

func requireRefusedWithoutPassword(t *testing.T, port int) {
	t.Helper()
	for _, role := range []string{cluster.Superuser, cluster.AppRole} {
		conn, err := pgx.Connect(context.Background(), noPasswordURL(port, role))
		if err == nil {
			conn.Close(context.Background())
			t.Errorf("role %s connected to the private cluster without a password", role)
			continue
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || (pgErr.Code != "28P01" && pgErr.Code != "28000") {
			t.Errorf("role %s without a password: %v, want an authentication failure", role, err)
		}
	}
}

func requireUnprivilegedApp(t *testing.T, db *bun.DB) {
	t.Helper()
	ctx := context.Background()
	var user string
	var super, createRole, createDB bool
	if err := db.QueryRowContext(ctx, `SELECT rolname, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user`).
		Scan(&user, &super, &createRole, &createDB); err != nil {
		t.Fatal(err)
	}
	if user != cluster.AppRole || super || createRole || createDB {
		t.Fatalf("the application connects as %s (superuser %v, createrole %v, createdb %v), want %s with none of these",
			user, super, createRole, createDB, cluster.AppRole)
	}
	for _, stmt := range []string{
		`COPY (SELECT 1) TO PROGRAM 'true'`,
		`SELECT pg_read_file('PG_VERSION')`,
		`CREATE ROLE intruder SUPERUSER`,
	} {
		_, err := db.ExecContext(ctx, stmt)
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != "42501" {
			t.Errorf("%s as the application: %v, want insufficient privilege (42501)", stmt, err)
		}
	}
}

// Any account of the machine could connect to the private cluster as its
// superuser (trust on 127.0.0.1), and the application itself connected as
// the superuser. Every role now needs its password, kept in a file only the
// cluster's user reads, and the application's role owns its database but
// cannot run programs or read files as the cluster's user; the migrations
// still run as that role.
func TestPrivateClusterAsksForPasswordsAndTheAppIsNoSuperuser(t *testing.T) {
	t.Parallel()
	dir := embeddedDir(t)
	port, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	m, db, stop := embeddedApp(t, dir, port, "")
	requireRefusedWithoutPassword(t, port)
	requireUnprivilegedApp(t, db)
	if _, _, err := m.Down(context.Background()); err != nil {
		t.Fatalf("undo the last migration as the application: %v", err)
	}
	if _, err := m.Up(context.Background()); err != nil {
		t.Fatalf("redo it: %v", err)
	}
	for path, want := range map[string]os.FileMode{dir: 0o700, filepath.Join(dir, cluster.PasswordFile): 0o600} {
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s has mode %v, want %v", filepath.Base(path), info.Mode().Perm(), want)
		}
	}
	stop()
	requireStopped(t, dir, port)
}

// A cluster made before passwords (pg_hba trust, no password file, the
// database and everything in it owned by the superuser) is upgraded on the
// next start: passwords are required and the application's role is given
// the database and what migrations made in it.
func TestPrivateClusterWithoutPasswordsIsUpgradedOnStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := embeddedDir(t)
	port, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	// The old state: the superuser made the database and ran the migrations.
	old, err := cluster.New(cluster.Options{Dir: dir, Port: port, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	if err := old.Start(ctx, ""); err != nil {
		t.Fatal(err)
	}
	admin, err := pgx.Connect(ctx, old.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec(ctx, "CREATE DATABASE social"); err != nil {
		t.Fatal(err)
	}
	_, _, stopOld := embeddedApp(t, dir, port, old.URL("social"))
	stopOld()
	if _, err := admin.Exec(ctx, "ALTER ROLE social PASSWORD NULL"); err != nil {
		t.Fatal(err)
	}
	admin.Close(ctx)
	if err := os.WriteFile(filepath.Join(dir, "pg_hba.conf"), []byte("host all all 127.0.0.1/32 trust\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, cluster.PasswordFile)); err != nil {
		t.Fatal(err)
	}
	if err := old.Stop(ctx); err != nil {
		t.Fatal(err)
	}

	m, db, stop := embeddedApp(t, dir, port, "")
	requireRefusedWithoutPassword(t, port)
	requireUnprivilegedApp(t, db)
	var leftToSuperuser []string
	rows, err := db.QueryContext(ctx, `SELECT c.oid::regclass::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE pg_get_userbyid(c.relowner) <> current_user AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
		UNION ALL SELECT p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
		WHERE pg_get_userbyid(p.proowner) <> current_user AND n.nspname NOT IN ('pg_catalog', 'information_schema')
		AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
		UNION ALL SELECT datname FROM pg_database WHERE datname = current_database() AND pg_get_userbyid(datdba) <> current_user`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		leftToSuperuser = append(leftToSuperuser, name)
	}
	rows.Close()
	if len(leftToSuperuser) > 0 {
		t.Errorf("not handed over to the application role: %v", leftToSuperuser)
	}
	st, err := m.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range st {
		if !s.Applied {
			t.Errorf("migration %s/%s pending after the upgrade", s.Set, s.Name)
		}
	}
	if _, _, err := m.Down(ctx); err != nil {
		t.Fatalf("undo the last migration as the application: %v", err)
	}
	if _, err := m.Up(ctx); err != nil {
		t.Fatalf("redo it: %v", err)
	}
	stop()
	requireStopped(t, dir, port)
}

func requireStopped(t *testing.T, dir string, port int) {
	t.Helper()
	if _, err := os.Stat(filepath.Join(dir, "postmaster.pid")); !os.IsNotExist(err) {
		t.Errorf("private cluster still running after stop: %v", err)
	}
}
