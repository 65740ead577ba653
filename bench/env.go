package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"social/adapters/postgres/cluster"
)

// openDatabase gives the run a fresh database: a new one on baseURL's
// server when given (dropped afterwards), else a private cluster under
// work/postgres, made anew and stopped afterwards.
//
// With reuse, a private cluster left by an earlier run is started as it
// is (its data set kept), which saves the load when only the code changed.
func openDatabase(ctx context.Context, work, baseURL string, reuse bool) (dbURL string, cleanup func(), err error) {
	if baseURL != "" {
		name := fmt.Sprintf("socialbench_%d", time.Now().UnixNano())
		conn, err := pgx.Connect(ctx, baseURL)
		if err != nil {
			return "", nil, fmt.Errorf("connect %s: %w", baseURL, err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
			return "", nil, err
		}
		u, err := url.Parse(baseURL)
		if err != nil {
			return "", nil, err
		}
		u.Path = "/" + name
		return u.String(), func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if c, err := pgx.Connect(ctx, baseURL); err == nil {
				_, _ = c.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
				_ = c.Close(ctx)
			}
		}, nil
	}
	dir := filepath.Join(work, "postgres")
	if !reuse {
		if err := os.RemoveAll(dir); err != nil {
			return "", nil, err
		}
	}
	port, err := cluster.FreePort()
	if err != nil {
		return "", nil, err
	}
	c, err := cluster.New(cluster.Options{Dir: dir, Port: port, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return "", nil, err
	}
	if err := c.Start(ctx, "social"); err != nil {
		return "", nil, err
	}
	return c.URL("social"), func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		_ = c.Stop(ctx)
	}, nil
}

// process is a `social` command run by the harness.
type process struct {
	bin string
	env []string
	log *os.File
	// addr is the server's address, kept across restarts: access tokens
	// name the public URL as their issuer.
	addr string
	// pprofAddr, when set, is where a pprof build serves profiles.
	pprofAddr string
}

// run runs one command to its end (seed-demo, reindex), its output in the log.
func (p *process) run(ctx context.Context, args ...string) error {
	return p.runWith(ctx, nil, args...)
}

// runWith is run with more environment (later values win).
func (p *process) runWith(ctx context.Context, env []string, args ...string) error {
	cmd := exec.CommandContext(ctx, p.bin, args...)
	cmd.Env, cmd.Stdout, cmd.Stderr = append(append([]string{}, p.env...), env...), p.log, p.log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("social %s: %w (see %s)", strings.Join(args, " "), err, p.log.Name())
	}
	return nil
}

// server is a running `social serve`.
type server struct {
	cmd  *exec.Cmd
	url  string
	done chan error
}

// serve starts `social serve` on a free port and waits until it is ready.
func (p *process) serve(ctx context.Context, extraEnv ...string) (*server, error) {
	if p.addr == "" {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		p.addr = l.Addr().String()
		l.Close()
	}
	addr := p.addr
	base := "http://" + addr
	cmd := exec.Command(p.bin, "serve")
	cmd.Env = append(append(append([]string{}, p.env...), "SOCIAL_HTTP_ADDR="+addr, "SOCIAL_HTTP_PUBLIC_URL="+base), extraEnv...)
	if p.pprofAddr != "" {
		cmd.Env = append(cmd.Env, "SOCIAL_PPROF_ADDR="+p.pprofAddr)
	}
	cmd.Stdout, cmd.Stderr = p.log, p.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, url: base, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("social serve stopped: %v (see %s)", err, p.log.Name())
		case <-ctx.Done():
			s.stop()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if r, err := http.Get(base + "/readyz"); err == nil {
			r.Body.Close()
			if r.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, errors.New("social serve not ready after 2 minutes")
		}
	}
}

// saveProfile saves a CPU profile of the server over d to path, and beside
// it (-allocs.pprof) what the server allocated over the same time: garbage
// collection is a good part of a read's cost, and the CPU profile alone
// does not say where the garbage comes from.
func saveProfile(ctx context.Context, addr string, d time.Duration, path string, say func(string, ...any)) {
	if addr == "" {
		return
	}
	seconds := max(int(d.Seconds()), 1)
	allocs := strings.TrimSuffix(path, ".pprof") + "-allocs.pprof"
	done := make(chan struct{})
	go func() {
		defer close(done)
		fetchProfile(ctx, fmt.Sprintf("http://%s/debug/pprof/allocs?seconds=%d", addr, seconds), allocs, say)
	}()
	fetchProfile(ctx, fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", addr, seconds), path, say)
	<-done
}

// fetchProfile saves the profile url answers to path.
func fetchProfile(ctx context.Context, url, path string, say func(string, ...any)) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		say("  profile: %v (is the binary built with -tags pprof?)", err)
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		say("  profile: %s", resp.Status)
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	if _, err := io.Copy(f, resp.Body); err == nil {
		say("  profile: %s (go tool pprof -top %s)", path, path)
	}
}

// stop asks the server to stop (SIGTERM) and waits.
func (s *server) stop() {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(45 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// cpu is the server's user + system time so far.
func (s *server) cpu() time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// Fields after the command name (which may hold spaces): utime and
	// stime are the 12th and 13th of them, in clock ticks (100 a second).
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * 10 * time.Millisecond
}

// memory is the server's resident set now and at its peak, in MiB.
func (s *server) memory() (rss, peak float64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(f[1], 64)
		switch f[0] {
		case "VmRSS:":
			rss = kb / 1024
		case "VmHWM:":
			peak = kb / 1024
		}
	}
	return rss, peak
}

// raiseFileLimit lifts the soft limit on open files to the hard one: the
// realtime workload holds thousands of sockets, and the server started
// afterwards inherits the limit.
func raiseFileLimit() (uint64, error) {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	l.Cur = l.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	return l.Cur, nil
}
