package postgres

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"social/platform/pgkit"
)

// TestReadRouter runs a real primary and its streaming replica (the
// cluster script's, on ports of its own) and checks where reads go.
func TestReadRouter(t *testing.T) {
	ctx := context.Background()
	env, script := startPrimaryAndReplica(t)
	primary, err := pgxpool.New(ctx, env["CLUSTER_PRIMARY_URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer primary.Close()
	replica, err := pgxpool.New(ctx, env["CLUSTER_REPLICA_URL"])
	if err != nil {
		t.Fatal(err)
	}
	defer replica.Close()
	db, router := newReadSQLDB(replica, primary, slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer db.Close()

	// onReplica reads whether the read ran on the replica, and n rows of t.
	read := func(ctx context.Context) (onReplica bool, rows int) {
		t.Helper()
		if err := db.QueryRowContext(ctx, "SELECT pg_is_in_recovery(), (SELECT count(*) FROM routed)").Scan(&onReplica, &rows); err != nil {
			t.Fatalf("read: %v", err)
		}
		return onReplica, rows
	}
	write := func() pgkit.LSN {
		t.Helper()
		var text string
		// The position after the commit, as the middleware reads it.
		if _, err := primary.Exec(ctx, "INSERT INTO routed DEFAULT VALUES"); err != nil {
			t.Fatal(err)
		}
		if err := primary.QueryRow(ctx, "SELECT pg_current_wal_lsn()::text").Scan(&text); err != nil {
			t.Fatal(err)
		}
		lsn, err := ParseLSN(text)
		if err != nil {
			t.Fatal(err)
		}
		return lsn
	}
	if _, err := primary.Exec(ctx, "CREATE TABLE routed (id serial PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	waitReplayed(t, replica, write())

	t.Run("a read goes to the replica", func(t *testing.T) {
		if onReplica, _ := read(ctx); !onReplica {
			t.Fatal("read ran on the primary")
		}
	})

	t.Run("the writer's read goes to the primary while the replica is behind", func(t *testing.T) {
		if _, err := replica.Exec(ctx, "SELECT pg_wal_replay_pause()"); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			var state string
			if err := replica.QueryRow(ctx, "SELECT pg_get_wal_replay_pause_state()").Scan(&state); err != nil {
				t.Fatal(err)
			}
			if state == "paused" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("replay never paused: %s", state)
			}
		}
		lsn := write()
		if onReplica, rows := read(ctx); !onReplica || rows != 1 {
			t.Fatalf("another reader: on replica %v, %d rows; want the paused replica's 1", onReplica, rows)
		}
		if onReplica, rows := read(pgkit.WithReadAfter(ctx, lsn)); onReplica || rows != 2 {
			t.Fatalf("the writer: on replica %v, %d rows; want the primary's 2", onReplica, rows)
		}
		if _, err := replica.Exec(ctx, "SELECT pg_wal_replay_resume()"); err != nil {
			t.Fatal(err)
		}
		waitReplayed(t, replica, lsn)
		if onReplica, rows := read(pgkit.WithReadAfter(ctx, lsn)); !onReplica || rows != 2 {
			t.Fatalf("the writer once replayed: on replica %v, %d rows", onReplica, rows)
		}
	})

	t.Run("reads go to the primary while the replica is away, and come back", func(t *testing.T) {
		// A connection to the replica is open and idle in its pool when it stops.
		if onReplica, _ := read(ctx); !onReplica {
			t.Fatal("read ran on the primary")
		}
		runScript(t, script, "stop-part", "replica")
		for i := range 20 {
			if onReplica, _ := read(ctx); onReplica {
				t.Fatalf("read %d ran on a stopped replica", i)
			}
		}
		runScript(t, script, "start-part", "replica")
		router.downUntil.Store(0) // not waiting out replicaPause
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if onReplica, _ := read(ctx); onReplica {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("reads never went back to the replica")
			}
		}
	})
}

func waitReplayed(t *testing.T, replica *pgxpool.Pool, lsn pgkit.LSN) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var text string
		if err := replica.QueryRow(context.Background(), "SELECT pg_last_wal_replay_lsn()::text").Scan(&text); err != nil {
			t.Fatal(err)
		}
		if got, _ := ParseLSN(text); got >= lsn {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica never replayed %d", lsn)
		}
	}
}

// startPrimaryAndReplica runs scripts/cluster.sh start-db in a folder and
// on ports of the test's own, and stops them when the test ends.
func startPrimaryAndReplica(t *testing.T) (map[string]string, func(args ...string) *exec.Cmd) {
	t.Helper()
	dir := t.TempDir()
	// PostgreSQL runs as its own user when the test runs as root: it
	// must be able to enter the folder.
	for p := dir; p != os.TempDir() && p != "/"; p = filepath.Dir(p) {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	base := freeBase(t)
	path, err := filepath.Abs(filepath.Join("..", "..", "scripts", "cluster.sh"))
	if err != nil {
		t.Fatal(err)
	}
	script := func(args ...string) *exec.Cmd {
		cmd := exec.Command("bash", append([]string{path}, args...)...)
		cmd.Env = append(os.Environ(), "SOCIAL_CLUSTER_DIR="+dir, fmt.Sprintf("SOCIAL_CLUSTER_PORT=%d", base))
		return cmd
	}
	t.Cleanup(func() {
		if out, err := script("stop").CombinedOutput(); err != nil {
			t.Errorf("stop: %v\n%s", err, out)
		}
	})
	out, err := script("start-db").Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("start-db: %v\n%s", err, stderr)
	}
	env := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), "="); ok {
			env[k] = v
		}
	}
	return env, script
}

func runScript(t *testing.T, script func(args ...string) *exec.Cmd, args ...string) {
	t.Helper()
	if out, err := script(args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// freeBase is a port base whose primary's and replica's ports are free.
func freeBase(t *testing.T) int {
	t.Helper()
	for range 50 {
		base := 20000 + rand.IntN(400)*100
		free := true
		for _, p := range []int{base + 32, base + 33} {
			l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
			if err != nil {
				free = false
				break
			}
			l.Close()
		}
		if free {
			return base
		}
	}
	t.Fatal("no free ports")
	return 0
}
