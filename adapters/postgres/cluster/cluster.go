// Package cluster runs a private PostgreSQL cluster from the machine's own
// PostgreSQL binaries: the default database of `social serve` and of the tests
// when no database URL is given.
package cluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Superuser is the role initdb creates. It signs in with a password only,
// like every role of the cluster: the cluster listens on 127.0.0.1, where
// any account of the machine could otherwise connect.
const Superuser = "social"

// AppRole is the role the application connects as: it owns the
// application's database and nothing else, and is not a superuser, so it
// cannot read files or run programs as the cluster's user.
const AppRole = "social_app"

// PasswordFile, in the cluster's folder (private to the cluster's user),
// holds the roles' passwords in PostgreSQL's password file format
// (libpq's and pgx's passfile), readable by its owner only.
const PasswordFile = "social.pgpass"

// extensions are created by the superuser in the application's database
// before it is handed over, since creating an extension may need one.
var extensions = []string{"pg_trgm", "unaccent"}

// Options describe one cluster.
type Options struct {
	// Dir holds the cluster's files; created on first start.
	Dir string
	// Port on 127.0.0.1.
	Port int
	// BinDir holds initdb, pg_ctl and postgres; empty means search for them.
	BinDir string
	// Throwaway turns off durability (fsync, full-page writes): for test
	// clusters whose data may be lost, never for a member's data.
	Throwaway bool
	Logger    *slog.Logger
}

// Cluster is one private PostgreSQL server.
type Cluster struct {
	opts   Options
	bin    string
	runAs  *syscall.Credential
	runAsN string
	// lock is held by the process that owns the running server: it started
	// it (or adopted one a crashed owner left) and is the one to stop it.
	lock *os.File
}

// New finds the binaries and decides which user runs the server. It starts nothing.
func New(opts Options) (*Cluster, error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	dir, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, fmt.Errorf("cluster folder %q: %w", opts.Dir, err)
	}
	opts.Dir = dir
	bin, err := FindBinaries(opts.BinDir)
	if err != nil {
		return nil, err
	}
	c := &Cluster{opts: opts, bin: bin}
	if os.Geteuid() == 0 {
		// PostgreSQL refuses to run as root.
		if err := c.chooseUnprivilegedUser(); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// URL is the superuser's connection URL of database name on this cluster,
// for tests and tools: its password is read from the cluster's password
// file, never written into the URL.
func (c *Cluster) URL(database string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/%s?sslmode=disable&passfile=%s",
		Superuser, c.opts.Port, database, url.QueryEscape(c.PasswordPath()))
}

// AppURL is the application role's connection URL of database name, with
// no password: the application reads it with Password (see AppURL's
// users), tools with the passfile parameter.
func (c *Cluster) AppURL(database string) string {
	return AppURL(c.opts.Port, database)
}

// AppURL is the application role's URL of database on a cluster listening
// on port, without a password.
func AppURL(port int, database string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/%s?sslmode=disable", AppRole, port, database)
}

// PasswordPath is the cluster's password file.
func (c *Cluster) PasswordPath() string { return filepath.Join(c.opts.Dir, PasswordFile) }

// Password reads role's password from the password file of the cluster in
// dir.
func Password(dir, role string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	pw, err := readPasswords(filepath.Join(abs, PasswordFile))
	if err != nil {
		return "", err
	}
	p, ok := pw[role]
	if !ok {
		return "", fmt.Errorf("private PostgreSQL cluster: no password for role %s in %s", role, filepath.Join(abs, PasswordFile))
	}
	return p, nil
}

// Dir is the cluster's folder.
func (c *Cluster) Dir() string { return c.opts.Dir }

// Start initialises the cluster if needed and starts it, then creates
// database, if not empty, when missing.
//
// One process owns a running cluster: it holds <dir>.lock. Another process
// pointed at the same folder (`social migrate status` beside `social serve`)
// uses the server without owning it, and never stops it. A server left
// running by an owner that crashed is adopted by the next owner.
func (c *Cluster) Start(ctx context.Context, database string) error {
	if err := os.MkdirAll(filepath.Dir(c.opts.Dir), 0o755); err != nil {
		return fmt.Errorf("create cluster folder: %w", err)
	}
	owner, err := c.tryLock()
	if err != nil {
		return err
	}
	if !owner {
		c.opts.Logger.Info("using private PostgreSQL cluster owned by another process", "dir", c.opts.Dir)
		if err := c.waitRunning(ctx); err != nil {
			return err
		}
	} else if err := c.startOwned(ctx); err != nil {
		c.unlock()
		return err
	}
	if database != "" {
		return c.ensureDatabase(ctx, database)
	}
	return nil
}

func (c *Cluster) startOwned(ctx context.Context) error {
	if err := c.initIfNeeded(ctx); err != nil {
		return err
	}
	if c.running(ctx) {
		c.opts.Logger.Info("adopting private PostgreSQL cluster left running", "dir", c.opts.Dir)
		return c.requirePasswords(ctx)
	}
	if err := c.checkPortFree(); err != nil {
		return err
	}
	c.opts.Logger.Info("starting private PostgreSQL cluster", "dir", c.opts.Dir, "port", c.opts.Port, "bin", c.bin)
	args := []string{"start", "-w", "-t", "60", "-D", c.opts.Dir,
		"-l", filepath.Join(c.opts.Dir, "server.log"),
		"-o", "-p " + strconv.Itoa(c.opts.Port)}
	if out, err := c.run(ctx, "pg_ctl", args...); err != nil {
		c.opts.Logger.Error("private PostgreSQL cluster did not start", "output", string(out), "log", c.logTail())
		return fmt.Errorf("start private PostgreSQL cluster in %s: %w (see %s)", c.opts.Dir, err, filepath.Join(c.opts.Dir, "server.log"))
	}
	return c.requirePasswords(ctx)
}

func (c *Cluster) waitRunning(ctx context.Context) error {
	deadline := time.Now().Add(90 * time.Second)
	for !c.running(ctx) {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("private PostgreSQL cluster in %s is locked by another process but not running", c.opts.Dir)
		}
		time.Sleep(250 * time.Millisecond)
	}
	return nil
}

func (c *Cluster) tryLock() (bool, error) {
	f, err := os.OpenFile(c.opts.Dir+".lock", os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return false, fmt.Errorf("lock cluster folder: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return false, nil
		}
		return false, fmt.Errorf("lock cluster folder: %w", err)
	}
	c.lock = f
	return true, nil
}

func (c *Cluster) unlock() {
	if c.lock != nil {
		c.lock.Close() // closing releases the flock
		c.lock = nil
	}
}

// Stop shuts the server down (fast mode: open sessions are ended) and waits.
// A process that does not own the cluster leaves it running.
func (c *Cluster) Stop(ctx context.Context) error {
	if c.lock == nil {
		return nil
	}
	defer c.unlock()
	// The cluster stops last, so an earlier stop step that used up the
	// deadline must not leave it running: it always gets a short budget
	// of its own.
	if deadline, ok := ctx.Deadline(); !ok || time.Until(deadline) < minStopBudget {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.WithoutCancel(ctx), minStopBudget)
		defer cancel()
	}
	if !c.running(ctx) {
		return nil
	}
	c.opts.Logger.Info("stopping private PostgreSQL cluster", "dir", c.opts.Dir)
	if out, err := c.run(ctx, "pg_ctl", "stop", "-w", "-t", "15", "-m", "fast", "-D", c.opts.Dir); err != nil {
		return fmt.Errorf("stop private PostgreSQL cluster in %s: %w\n%s", c.opts.Dir, err, out)
	}
	return nil
}

// minStopBudget is the least time the cluster is given to stop ("fast"
// mode: sessions are ended, nothing is waited for).
const minStopBudget = 15 * time.Second

// Running reports whether a server runs from this cluster's folder.
func (c *Cluster) Running(ctx context.Context) bool { return c.running(ctx) }

func (c *Cluster) running(ctx context.Context) bool {
	if _, err := os.Stat(filepath.Join(c.opts.Dir, "postmaster.pid")); err != nil {
		return false
	}
	// pg_ctl status exits 0 when the server runs, 3 when it does not.
	_, err := c.run(ctx, "pg_ctl", "status", "-D", c.opts.Dir)
	return err == nil
}

func (c *Cluster) initIfNeeded(ctx context.Context) error {
	if _, err := os.Stat(filepath.Join(c.opts.Dir, "PG_VERSION")); err == nil {
		// A cluster made before its roles had passwords gets them now; it
		// still trusts every local connection until requirePasswords.
		if _, err := os.Stat(c.PasswordPath()); os.IsNotExist(err) {
			return c.writePasswords()
		}
		return nil
	}
	// Parents must stay traversable by the cluster's user; the cluster
	// folder itself is private (initdb insists on it).
	if err := os.Mkdir(c.opts.Dir, 0o700); err != nil && !os.IsExist(err) {
		return fmt.Errorf("create cluster folder: %w", err)
	}
	if err := c.handOver(c.opts.Dir); err != nil {
		return err
	}
	pw := newPasswords()
	// initdb wants the folder empty, so the superuser's password goes
	// beside it for as long as initdb runs.
	pwfile := c.opts.Dir + ".initpw"
	if err := c.writePrivate(pwfile, []byte(pw[Superuser]+"\n")); err != nil {
		return err
	}
	defer os.Remove(pwfile)
	c.opts.Logger.Info("creating private PostgreSQL cluster", "dir", c.opts.Dir)
	// C.UTF-8 sorts as C does (by code point) but classes and folds
	// characters by Unicode: lower() and the regular expressions' classes
	// then treat "КОТ", "Ωmega" or "É" as letters, as a server on a UTF-8
	// locale does and as the muted-word matcher expects. A system without
	// that locale gets the plain C locale.
	initdb := func(locale string) ([]byte, error) {
		return c.run(ctx, "initdb", "-D", c.opts.Dir, "-U", Superuser,
			"--auth=scram-sha-256", "--pwfile="+pwfile,
			locale, "--encoding=UTF8", "--no-instructions")
	}
	out, err := initdb("--locale=C.UTF-8")
	if err != nil {
		c.opts.Logger.Info("initdb with C.UTF-8 failed: the cluster takes the C locale", "output", string(out))
		out, err = initdb("--no-locale")
	}
	if err != nil {
		return fmt.Errorf("initdb in %s: %w\n%s", c.opts.Dir, err, out)
	}
	if err := c.writePrivate(c.PasswordPath(), formatPasswords(pw)); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(c.opts.Dir, "pg_hba.conf"), []byte(hbaConf), 0o600); err != nil {
		return fmt.Errorf("configure cluster: %w", err)
	}
	conf := []string{
		"",
		"# Written by social: a private cluster reachable from this machine only,",
		"# by roles that sign in with their password.",
		"listen_addresses = '127.0.0.1'",
		"unix_socket_directories = ''",
		"password_encryption = 'scram-sha-256'",
		"max_connections = 300",
		"max_parallel_workers_per_gather = 0",
		// A burst of posts writes about 20 MB of WAL a second, so the
		// default 1GB brought a checkpoint every 20 to 25 s; after each,
		// the first change to every page is logged whole, and a post
		// written into thousands of timelines touched thousands of pages
		// at once. Checkpoints are then mostly timed instead.
		"max_wal_size = 4GB",
		"checkpoint_timeout = 15min",
	}
	if c.opts.Throwaway {
		conf = append(conf, "fsync = off", "synchronous_commit = off", "full_page_writes = off")
	}
	f, err := os.OpenFile(filepath.Join(c.opts.Dir, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("configure cluster: %w", err)
	}
	defer f.Close()
	_, err = f.WriteString(strings.Join(conf, "\n") + "\n")
	return err
}

// hbaConf is the cluster's whole pg_hba.conf: TCP from 127.0.0.1 only (there
// is no Unix socket), and only with the role's password.
const hbaConf = `# Written by social: every role signs in with its password, from this machine only.
host all all 127.0.0.1/32 scram-sha-256
`

// requirePasswords makes sure the running server asks every role for its
// password. A cluster made before that trusted local connections: its
// superuser is given the password of the password file while that trust
// still lets it in, then the trust is replaced and the server reloads.
func (c *Cluster) requirePasswords(ctx context.Context) error {
	path := filepath.Join(c.opts.Dir, "pg_hba.conf")
	current, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	if string(current) == hbaConf {
		return nil
	}
	c.opts.Logger.Info("private PostgreSQL cluster: requiring passwords of every role", "dir", c.opts.Dir)
	conn, pw, err := c.setPasswordsConn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "ALTER ROLE "+pgx.Identifier{Superuser}.Sanitize()+" PASSWORD "+quote(pw[Superuser])); err != nil {
		return fmt.Errorf("set the superuser's password: %w", err)
	}
	if _, err := conn.Exec(ctx, "ALTER SYSTEM SET password_encryption = 'scram-sha-256'"); err != nil {
		return err
	}
	if err := os.WriteFile(path, []byte(hbaConf), 0o600); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := conn.Exec(ctx, "SELECT pg_reload_conf()"); err != nil {
		return fmt.Errorf("reload the private cluster's configuration: %w", err)
	}
	// The reload is asynchronous: wait until a connection without the
	// password is refused.
	deadline := time.Now().Add(15 * time.Second)
	for {
		cfg, err := pgx.ParseConfig(fmt.Sprintf("postgres://%s@127.0.0.1:%d/postgres?sslmode=disable&passfile=%s",
			Superuser, c.opts.Port, url.QueryEscape(filepath.Join(c.opts.Dir, "no-such-file"))))
		if err != nil {
			return err
		}
		probe, err := pgx.ConnectConfig(ctx, cfg)
		if err != nil {
			return nil
		}
		probe.Close(ctx)
		if time.Now().After(deadline) || ctx.Err() != nil {
			return errors.New("private PostgreSQL cluster still accepts connections without a password after reloading pg_hba.conf")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// ensureDatabase makes the application's role and its database, and hands
// the database over to the role: a database left by a cluster whose
// application connected as the superuser is given, with everything in it,
// to the application role.
func (c *Cluster) ensureDatabase(ctx context.Context, name string) error {
	conn, pw, err := c.setPasswordsConn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	// Processes sharing the cluster (serve beside migrate) do this one at a time.
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(7201301)"); err != nil {
		return err
	}
	defer conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(7201301)") //nolint:errcheck
	role := pgx.Identifier{AppRole}.Sanitize()
	var roleExists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)", AppRole).Scan(&roleExists); err != nil {
		return fmt.Errorf("look up role %s: %w", AppRole, err)
	}
	verb := "CREATE"
	if roleExists {
		verb = "ALTER"
	}
	if _, err := conn.Exec(ctx, verb+" ROLE "+role+
		" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD "+quote(pw[AppRole])); err != nil {
		return fmt.Errorf("%s role %s: %w", strings.ToLower(verb), AppRole, err)
	}
	var owner string
	err = conn.QueryRow(ctx, "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = $1", name).Scan(&owner)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()+" OWNER "+role); err != nil {
			return fmt.Errorf("create database %s: %w", name, err)
		}
	case err != nil:
		return fmt.Errorf("look up database %s: %w", name, err)
	case owner != AppRole:
		c.opts.Logger.Info("private PostgreSQL cluster: handing the database over to the application role", "database", name, "role", AppRole)
		if _, err := conn.Exec(ctx, "ALTER DATABASE "+pgx.Identifier{name}.Sanitize()+" OWNER TO "+role); err != nil {
			return fmt.Errorf("hand database %s over: %w", name, err)
		}
	}
	db, err := c.connect(ctx, name)
	if err != nil {
		return err
	}
	defer db.Close(context.WithoutCancel(ctx))
	for _, ext := range extensions {
		var available bool
		if err := db.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = $1)", ext).Scan(&available); err != nil {
			return err
		}
		if !available {
			continue // the migration that needs it says so
		}
		if _, err := db.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS "+pgx.Identifier{ext}.Sanitize()); err != nil {
			return fmt.Errorf("create extension %s in %s: %w", ext, name, err)
		}
	}
	if _, err := db.Exec(ctx, handOverObjects); err != nil {
		return fmt.Errorf("hand the objects of database %s over to %s: %w", name, AppRole, err)
	}
	return nil
}

// handOverObjects gives the application role what the superuser owns in the
// current database, outside the system schemas and the extensions: what
// migrations run as the superuser made. Sequences of a column follow their
// table, indexes and triggers their table, array types their element.
const handOverObjects = `DO $$
DECLARE
	su oid := (SELECT oid FROM pg_roles WHERE rolname = '` + Superuser + `');
	r record;
BEGIN
	FOR r IN SELECT n.oid, n.nspname FROM pg_namespace n
		WHERE n.nspowner = su AND n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
		AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_namespace'::regclass AND d.objid = n.oid AND d.deptype = 'e')
	LOOP
		EXECUTE format('ALTER SCHEMA %I OWNER TO ` + AppRole + `', r.nspname);
	END LOOP;
	FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.relowner = su AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
		AND n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
		AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
			AND (d.deptype = 'e' OR (c.relkind = 'S' AND d.deptype IN ('a', 'i'))))
	LOOP
		EXECUTE format('ALTER %s %s OWNER TO ` + AppRole + `',
			CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
				WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.name);
	END LOOP;
	FOR r IN SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
		WHERE p.proowner = su AND n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
		AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
	LOOP
		EXECUTE format('ALTER %s %s OWNER TO ` + AppRole + `',
			CASE r.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, r.name);
	END LOOP;
	FOR r IN SELECT t.oid::regtype AS name, t.typtype FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
		WHERE t.typowner = su AND t.typtype IN ('e', 'd', 'r', 'c')
		AND (t.typrelid = 0 OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')
		AND n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
		AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
	LOOP
		EXECUTE format('ALTER %s %s OWNER TO ` + AppRole + `', CASE r.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, r.name);
	END LOOP;
	FOR r IN SELECT c.oid::regconfig AS name FROM pg_ts_config c JOIN pg_namespace n ON n.oid = c.cfgnamespace
		WHERE c.cfgowner = su AND n.nspname NOT LIKE 'pg\_%'
		AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_ts_config'::regclass AND d.objid = c.oid AND d.deptype = 'e')
	LOOP
		EXECUTE format('ALTER TEXT SEARCH CONFIGURATION %s OWNER TO ` + AppRole + `', r.name);
	END LOOP;
	FOR r IN SELECT c.oid::regdictionary AS name FROM pg_ts_dict c JOIN pg_namespace n ON n.oid = c.dictnamespace
		WHERE c.dictowner = su AND n.nspname NOT LIKE 'pg\_%'
		AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_ts_dict'::regclass AND d.objid = c.oid AND d.deptype = 'e')
	LOOP
		EXECUTE format('ALTER TEXT SEARCH DICTIONARY %s OWNER TO ` + AppRole + `', r.name);
	END LOOP;
END
$$`

// connect opens a superuser connection to database, with the password of
// the password file, retrying while the server starts.
func (c *Cluster) connect(ctx context.Context, database string) (*pgx.Conn, error) {
	return connectWithRetry(ctx, c.URL(database))
}

// setPasswordsConn connects as the superuser to the postgres database to
// set roles' passwords: the session hashes them with scram-sha-256, and
// the passwords to set come from the password file. The caller closes the
// connection.
func (c *Cluster) setPasswordsConn(ctx context.Context) (*pgx.Conn, map[string]string, error) {
	pw, err := readPasswords(c.PasswordPath())
	if err != nil {
		return nil, nil, err
	}
	conn, err := c.connect(ctx, "postgres")
	if err != nil {
		return nil, nil, err
	}
	if _, err := conn.Exec(ctx, "SET password_encryption = 'scram-sha-256'"); err != nil {
		conn.Close(context.WithoutCancel(ctx))
		return nil, nil, err
	}
	return conn, pw, nil
}

func newPasswords() map[string]string {
	pw := map[string]string{}
	for _, role := range []string{Superuser, AppRole} {
		b := make([]byte, 24)
		if _, err := rand.Read(b); err != nil {
			panic(err) // crypto/rand does not fail on supported systems
		}
		pw[role] = hex.EncodeToString(b)
	}
	return pw
}

func formatPasswords(pw map[string]string) []byte {
	var b strings.Builder
	b.WriteString("# Passwords of the private PostgreSQL cluster's roles, made when it was created.\n")
	for _, role := range []string{Superuser, AppRole} {
		fmt.Fprintf(&b, "127.0.0.1:*:*:%s:%s\n", role, pw[role])
	}
	return []byte(b.String())
}

func readPasswords(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("private PostgreSQL cluster: read its password file: %w", err)
	}
	pw := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		fields := strings.Split(line, ":")
		if strings.HasPrefix(line, "#") || len(fields) != 5 {
			continue
		}
		pw[fields[3]] = fields[4]
	}
	for _, role := range []string{Superuser, AppRole} {
		if pw[role] == "" {
			return nil, fmt.Errorf("private PostgreSQL cluster: %s has no password for role %s", path, role)
		}
	}
	return pw, nil
}

// writePasswords gives a cluster made without passwords its password file.
func (c *Cluster) writePasswords() error {
	return c.writePrivate(c.PasswordPath(), formatPasswords(newPasswords()))
}

// writePrivate writes a file only its owner, the cluster's user, may read.
func (c *Cluster) writePrivate(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if c.runAs != nil {
		if err := os.Chown(path, int(c.runAs.Uid), int(c.runAs.Gid)); err != nil {
			os.Remove(path)
			return fmt.Errorf("give %s to user %s: %w", path, c.runAsN, err)
		}
	}
	return nil
}

// quote is a string literal of a password (hexadecimal, so never a quote
// inside).
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func connectWithRetry(ctx context.Context, url string) (*pgx.Conn, error) {
	deadline := time.Now().Add(15 * time.Second)
	for {
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			return conn, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return nil, fmt.Errorf("connect to private cluster: %w", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (c *Cluster) checkPortFree() error {
	l, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(c.opts.Port)))
	if err != nil {
		return fmt.Errorf("port %d is taken by another program: set database.embedded.port to a free port", c.opts.Port)
	}
	return l.Close()
}

// FreePort asks the kernel for a port nobody listens on, for throwaway clusters.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// run runs one PostgreSQL program as the cluster's user, in its own process
// group so that a Ctrl-C meant for `social` does not stop the server before
// `social` has drained its requests.
func (c *Cluster) run(ctx context.Context, program string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, filepath.Join(c.bin, program), args...)
	cmd.Dir = c.opts.Dir
	if _, err := os.Stat(cmd.Dir); err != nil {
		cmd.Dir = os.TempDir()
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: c.runAs}
	cmd.Env = append(os.Environ(), "LC_ALL=C", "PGTZ=UTC")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

func (c *Cluster) logTail() string {
	b, err := os.ReadFile(filepath.Join(c.opts.Dir, "server.log"))
	if err != nil {
		return ""
	}
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return "server.log:\n" + string(b)
}

func (c *Cluster) chooseUnprivilegedUser() error {
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.ParseUint(u.Uid, 10, 32)
		gid, _ := strconv.ParseUint(u.Gid, 10, 32)
		c.runAs = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		c.runAsN = name
		return nil
	}
	return errors.New("PostgreSQL refuses to run as root and neither a 'postgres' nor a 'nobody' user exists: create one (useradd postgres) or set database.url")
}

// handOver gives the folder to the cluster's user and checks that user can
// reach it through every parent folder.
func (c *Cluster) handOver(dir string) error {
	if c.runAs == nil {
		return nil
	}
	if err := os.Chown(dir, int(c.runAs.Uid), int(c.runAs.Gid)); err != nil {
		return fmt.Errorf("give %s to user %s: %w", dir, c.runAsN, err)
	}
	for p := filepath.Dir(dir); p != "/" && p != "."; p = filepath.Dir(p) {
		info, err := os.Stat(p)
		if err != nil {
			return err
		}
		if info.Mode().Perm()&0o001 == 0 {
			return fmt.Errorf("user %s, which runs the private PostgreSQL cluster, cannot enter %s: "+
				"choose a database.embedded.dir outside it, or set database.url", c.runAsN, p)
		}
	}
	return nil
}

// FindBinaries returns the folder holding initdb, pg_ctl and postgres:
// binDir when given, else PATH, else the usual install folders (newest first).
func FindBinaries(binDir string) (string, error) {
	if binDir != "" {
		if hasServerBinaries(binDir) {
			return binDir, nil
		}
		return "", fmt.Errorf("database.embedded.bin_dir: %s has no initdb, pg_ctl and postgres", binDir)
	}
	var candidates []string
	if p, err := exec.LookPath("pg_ctl"); err == nil {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			candidates = append(candidates, filepath.Dir(real))
		}
		candidates = append(candidates, filepath.Dir(p))
	}
	versions, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sortByVersionDesc(versions)
	candidates = append(candidates, versions...)
	candidates = append(candidates, "/usr/local/pgsql/bin", "/opt/homebrew/bin", "/usr/pgsql/bin")
	for _, dir := range candidates {
		if hasServerBinaries(dir) {
			return dir, nil
		}
	}
	return "", ErrNoBinaries
}

// ErrNoBinaries says how to get PostgreSQL when none is installed.
var ErrNoBinaries = errors.New("no PostgreSQL server binaries (initdb, pg_ctl, postgres) found on PATH or in /usr/lib/postgresql/*/bin: " +
	"install them (Debian/Ubuntu: apt-get install postgresql postgresql-contrib; macOS: brew install postgresql@15), " +
	"point database.embedded.bin_dir at their folder, or set database.url to an existing server")

func hasServerBinaries(dir string) bool {
	for _, name := range []string{"initdb", "pg_ctl", "postgres"} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil || info.IsDir() || info.Mode()&0o111 == 0 {
			return false
		}
	}
	return true
}

func sortByVersionDesc(dirs []string) {
	version := func(d string) int {
		n, _ := strconv.Atoi(filepath.Base(filepath.Dir(d)))
		return n
	}
	for i := 1; i < len(dirs); i++ {
		for j := i; j > 0 && version(dirs[j]) > version(dirs[j-1]); j-- {
			dirs[j], dirs[j-1] = dirs[j-1], dirs[j]
		}
	}
}
