package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"social/adapters/postgres/cluster"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) {
	// The commands keep media and the search index under the data folder:
	// a throwaway one unless a test chooses its own, never the source tree.
	dir, err := os.MkdirTemp("", "social-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("SOCIAL_DATA_DIR", dir)
	code := testkit.Main(m)
	testkit.RemoveBuiltBinary()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// runCLI runs the command tree in-process.
func runCLI(t *testing.T, args ...string) (stdout string, err error) {
	t.Helper()
	root := newRootCommand()
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	root.SetArgs(args)
	err = root.Execute()
	return out.String(), err
}

// useAppDatabase points the commands the test runs in process at app's
// database, with the secret app signs its tokens with.
func useAppDatabase(t *testing.T, app *at.App) {
	t.Helper()
	t.Setenv("SOCIAL_DATABASE_URL", app.Config.Database.URL)
	t.Setenv("SOCIAL_AUTH_JWT_SECRET", at.Secret)
}

// queryInt is the one number query answers in app's database.
func queryInt(t *testing.T, app *at.App, query string) int {
	t.Helper()
	var n int
	if err := app.DB.NewRaw(query).Scan(context.Background(), &n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func TestConfigPrintAndVersion(t *testing.T) {
	t.Setenv("SOCIAL_AUTH_JWT_SECRET", "0123456789abcdef0123456789abcdef-secret")
	out, err := runCLI(t, "config", "print")
	if err != nil || !strings.Contains(out, `jwt_secret: "********"`) || strings.Contains(out, "abcdef-secret") {
		t.Fatalf("config print: %v\n%s", err, out)
	}
	out, err = runCLI(t, "version")
	if err != nil || !strings.HasPrefix(out, "social ") {
		t.Fatalf("version: %v %q", err, out)
	}
}

// The plugins' own sections load, print and fail like the core's.
func TestConfigOfPlugins(t *testing.T) {
	t.Setenv("SOCIAL_ROOMS_PRESENCE_GRACE", "3s")
	out, err := runCLI(t, "config", "print")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"presence_grace: 3s", "stream_hosts: []", "user_agent: ", "expire_every: 5m0s"} {
		if !strings.Contains(out, want) {
			t.Errorf("config print lacks %q:\n%s", want, out)
		}
	}
	t.Setenv("SOCIAL_STORIES_EXPIRE_EVERY", "0s")
	_, err = runCLI(t, "config", "print")
	if err == nil || exitCode(err) != 1 || !strings.Contains(oneLine(err), "stories.expire_every: must be at least 1s") {
		t.Fatalf("bad plugin value: %v", err)
	}
}

func TestErrorsAndExitCodes(t *testing.T) {
	t.Setenv("SOCIAL_SEARCH_DRIVER", "elastic")
	_, err := runCLI(t, "config", "print")
	if err == nil || exitCode(err) != 1 || !strings.Contains(oneLine(err), `search.driver: unknown value "elastic"`) {
		t.Fatalf("bad config: %v", err)
	}
	_, err = runCLI(t, "serve", "--no-such-flag")
	if err == nil || exitCode(err) != 2 {
		t.Fatalf("unknown flag: %v (code %d)", err, exitCode(err))
	}
	_, err = runCLI(t, "version", "extra")
	if err == nil || exitCode(err) != 2 {
		t.Fatalf("extra argument: %v", err)
	}
}

func TestEveryCommandHasHelp(t *testing.T) {
	root := newRootCommand()
	for _, c := range root.Commands() {
		if c.Short == "" && c.Name() != "completion" && c.Name() != "help" {
			t.Errorf("command %s has no help text", c.Name())
		}
		for _, sub := range c.Commands() {
			if sub.Short == "" {
				t.Errorf("command %s %s has no help text", c.Name(), sub.Name())
			}
		}
	}
	out, err := runCLI(t, "migrate", "--help")
	if err != nil || !strings.Contains(out, "status") || !strings.Contains(out, "down") {
		t.Fatalf("migrate --help: %v\n%s", err, out)
	}
}

// buildBinary is the social binary for the tests that run it as a
// process (testkit.SocialBinary).
func buildBinary(t *testing.T) string { return testkit.SocialBinary(t) }

func TestBinary(t *testing.T) {
	bin := buildBinary(t)

	t.Run("bad config fails at start with one line naming the key", func(t *testing.T) {
		cmd := exec.Command(bin, "serve")
		cmd.Env = append(os.Environ(), "SOCIAL_STORAGE_DRIVER=ftp", "SOCIAL_DATABASE_URL=postgres://bad_scheme")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		if code := cmd.ProcessState.ExitCode(); err == nil || code != 1 {
			t.Fatalf("exit code %d, err %v", code, err)
		}
		msg := stderr.String()
		if strings.Count(strings.TrimSpace(msg), "\n") != 0 || !strings.HasPrefix(msg, "social: config: storage.driver") {
			t.Fatalf("stderr = %q", msg)
		}
	})

	t.Run("migrate status lists applied migrations", func(t *testing.T) {
		cmd := exec.Command(bin, "migrate", "status")
		cmd.Env = append(os.Environ(), "SOCIAL_DATABASE_URL="+testkit.NewDatabase(t))
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		text := string(out)
		for _, want := range []string{"SET", "core", "20261122000001_extensions", "applied", "river", "002_initial_schema", "0 pending"} {
			if !strings.Contains(text, want) {
				t.Errorf("migrate status lacks %q:\n%s", want, text)
			}
		}
	})

	t.Run("serve on a private cluster stops it on SIGINT", func(t *testing.T) {
		var logs bytes.Buffer
		srv := startServe(t, bin, &logs)
		if err := srv.cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
		srv.waitStopped(t, func() string { return logs.String() })
	})

	t.Run("serve stops its cluster even when its stderr is gone", func(t *testing.T) {
		// The parent that read the logs died: every log line now hits a
		// broken pipe, which must not kill the server before it stops
		// PostgreSQL.
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		var logs bytes.Buffer
		copied := make(chan struct{})
		go func() { io.Copy(&logs, r); close(copied) }()
		srv := startServe(t, bin, w)
		w.Close()
		r.Close()
		<-copied
		if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		srv.waitStopped(t, func() string { return logs.String() })
	})
}

type serveProcess struct {
	cmd   *exec.Cmd
	pgDir string
	done  chan error
}

// startServe runs `social serve` on a fresh private cluster and random
// ports, and waits until it is ready.
func startServe(t *testing.T, bin string, stderr io.Writer) *serveProcess {
	t.Helper()
	dataDir, err := os.MkdirTemp("", "social-serve-test-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dataDir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dataDir) })
	pgPort, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	httpPort, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "SOCIAL_DATA_DIR="+dataDir, "SOCIAL_DATABASE_URL=",
		fmt.Sprintf("SOCIAL_DATABASE_EMBEDDED_PORT=%d", pgPort),
		fmt.Sprintf("SOCIAL_HTTP_ADDR=127.0.0.1:%d", httpPort))
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	srv := &serveProcess{cmd: cmd, pgDir: filepath.Join(dataDir, "postgres"), done: make(chan error, 1)}
	go func() { srv.done <- cmd.Wait() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })

	// A first start creates the cluster and applies every migration: allow
	// what serve itself allows for it, since other packages' tests may be
	// loading the machine meanwhile.
	for deadline := time.Now().Add(startTimeout); ; time.Sleep(200 * time.Millisecond) {
		resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/readyz", httpPort))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		select {
		case err := <-srv.done:
			t.Fatalf("serve exited before it was ready: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("serve not ready within %v", startTimeout)
		}
	}
	if _, err := os.Stat(filepath.Join(srv.pgDir, "postmaster.pid")); err != nil {
		t.Fatalf("no private cluster running in %s", srv.pgDir)
	}
	return srv
}

// waitStopped waits for a clean exit and checks no PostgreSQL is left.
func (s *serveProcess) waitStopped(t *testing.T, logs func() string) {
	t.Helper()
	select {
	case err := <-s.done:
		if err != nil {
			t.Fatalf("serve exited with %v:\n%s", err, logs())
		}
	case <-time.After(60 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := os.Stat(filepath.Join(s.pgDir, "postmaster.pid")); !os.IsNotExist(err) {
		t.Fatalf("PostgreSQL still running after serve stopped:\n%s", logs())
	}
	// The postmaster removes its pid file just before it exits: on a busy
	// machine its process may still be listed for a moment after that.
	deadline := time.Now().Add(5 * time.Second)
	for {
		out, _ := exec.Command("pgrep", "-f", "postgres -D "+s.pgDir).Output()
		if len(bytes.TrimSpace(out)) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("PostgreSQL process left behind: %s", out)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
