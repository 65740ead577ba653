// Package cluster runs a private PostgreSQL cluster from the machine's own
// PostgreSQL binaries: the default database of `social serve` and of the tests
// when no database URL is given.
package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
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

// Superuser is the role initdb creates; the cluster trusts local connections,
// which is why it listens on 127.0.0.1 only.
const Superuser = "social"

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

// URL is the connection URL of database name on this cluster.
func (c *Cluster) URL(database string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/%s?sslmode=disable", Superuser, c.opts.Port, database)
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
		return c.createDatabase(ctx, database)
	}
	return nil
}

func (c *Cluster) startOwned(ctx context.Context) error {
	if err := c.initIfNeeded(ctx); err != nil {
		return err
	}
	if c.running(ctx) {
		c.opts.Logger.Info("adopting private PostgreSQL cluster left running", "dir", c.opts.Dir)
		return nil
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
	return nil
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
	c.opts.Logger.Info("creating private PostgreSQL cluster", "dir", c.opts.Dir)
	out, err := c.run(ctx, "initdb", "-D", c.opts.Dir, "-U", Superuser, "--auth=trust",
		"--no-locale", "--encoding=UTF8", "--no-instructions")
	if err != nil {
		return fmt.Errorf("initdb in %s: %w\n%s", c.opts.Dir, err, out)
	}
	conf := []string{
		"",
		"# Written by social: a private cluster reachable from this machine only.",
		"listen_addresses = '127.0.0.1'",
		"unix_socket_directories = ''",
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

func (c *Cluster) createDatabase(ctx context.Context, name string) error {
	conn, err := connectWithRetry(ctx, c.URL("postgres"))
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return fmt.Errorf("look up database %s: %w", name, err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	return nil
}

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
