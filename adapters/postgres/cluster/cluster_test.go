package cluster_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"social/adapters/postgres/cluster"
)

func newCluster(t *testing.T, dir string, port int) *cluster.Cluster {
	t.Helper()
	cl, err := cluster.New(cluster.Options{Dir: dir, Port: port, Throwaway: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

// reachableDir is a temporary folder the unprivileged cluster user can enter
// (t.TempDir's parent is private to the test's user).
func reachableDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "social-cluster-test-")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func TestPrivateClusterLifecycle(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := filepath.Join(reachableDir(t), "data", "postgres")
	port, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	owner := newCluster(t, dir, port)
	if err := owner.Start(ctx, "social"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = owner.Stop(context.Background()) })

	conn, err := pgx.Connect(ctx, owner.URL("social"))
	if err != nil {
		t.Fatal(err)
	}
	var listen, workers, walSize, checkpoints string
	if err := conn.QueryRow(ctx, `SELECT current_setting('listen_addresses'), current_setting('max_parallel_workers_per_gather'),
		current_setting('max_wal_size'), current_setting('checkpoint_timeout')`).Scan(&listen, &workers, &walSize, &checkpoints); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	if listen != "127.0.0.1" || workers != "0" || walSize != "4GB" || checkpoints != "15min" {
		t.Fatalf("listen_addresses %q, max_parallel_workers_per_gather %q, max_wal_size %q, checkpoint_timeout %q",
			listen, workers, walSize, checkpoints)
	}

	// A second process on the same folder uses the server but never stops it.
	guest := newCluster(t, dir, port)
	if err := guest.Start(ctx, "social"); err != nil {
		t.Fatal(err)
	}
	if err := guest.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if !owner.Running(ctx) {
		t.Fatal("a process that did not start the cluster stopped it")
	}

	if err := owner.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if owner.Running(ctx) {
		t.Fatal("cluster still running after Stop")
	}
	if _, err := os.Stat(filepath.Join(dir, "postmaster.pid")); !os.IsNotExist(err) {
		t.Fatalf("postmaster.pid left behind: %v", err)
	}

	// Starting again reuses the folder and keeps the data.
	again := newCluster(t, dir, port)
	if err := again.Start(ctx, "social"); err != nil {
		t.Fatal(err)
	}
	if err := again.Stop(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestMissingBinariesSayWhatToDo(t *testing.T) {
	t.Parallel()
	_, err := cluster.FindBinaries(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "database.embedded.bin_dir") {
		t.Fatalf("err = %v", err)
	}
	for _, hint := range []string{"apt-get install postgresql", "database.embedded.bin_dir", "database.url"} {
		if !strings.Contains(cluster.ErrNoBinaries.Error(), hint) {
			t.Errorf("ErrNoBinaries lacks %q", hint)
		}
	}
}

func TestTakenPortIsReportedWithItsKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	port, _ := cluster.FreePort()
	base := reachableDir(t)
	first := newCluster(t, filepath.Join(base, "a"), port)
	if err := first.Start(ctx, ""); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = first.Stop(context.Background()) })
	second := newCluster(t, filepath.Join(base, "b"), port)
	err := second.Start(ctx, "")
	if err == nil || !strings.Contains(err.Error(), "database.embedded.port") {
		t.Fatalf("err = %v, want it to name database.embedded.port", err)
	}
}
