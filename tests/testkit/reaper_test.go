package testkit

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// throwawayChildEnv makes the test binary start a throwaway cluster, say
// so and wait to be killed (see TestMain).
const throwawayChildEnv = "TESTKIT_THROWAWAY_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(throwawayChildEnv) != "" {
		holdThrowawayCluster()
		return
	}
	os.Exit(m.Run())
}

func holdThrowawayCluster() {
	if _, _, err := StartThrowawayCluster(context.Background()); err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	// The parent finds the cluster's folder under the TMPDIR it gave.
	fmt.Println("running")
	select {}
}

// A test binary killed outright (its -timeout panic, SIGKILL) runs no
// deferred stop; its throwaway cluster must not live on.
func TestAThrowawayClusterGoesWithAKilledProcess(t *testing.T) {
	// Not t.TempDir(): the cluster's user (postgres, when the tests run as
	// root) must be able to enter every folder above the cluster's.
	tmp, err := os.MkdirTemp("", "reaper-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	if err := os.Chmod(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), throwawayChildEnv+"=1", "TMPDIR="+tmp)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || strings.HasPrefix(line, "error:") {
		_ = cmd.Process.Kill()
		t.Fatalf("child: %q %v", line, err)
	}
	folders, err := filepath.Glob(filepath.Join(tmp, "social-test-pg-*"))
	if err != nil || len(folders) != 1 {
		t.Fatalf("throwaway folders in %s: %v %v", tmp, folders, err)
	}
	pid := postmasterPID(t, filepath.Join(folders[0], "pg"))
	// Should the reaper fail, the test does not leave the cluster behind.
	t.Cleanup(func() {
		if alive(pid) {
			_ = syscall.Kill(pid, syscall.SIGQUIT)
		}
	})

	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()

	deadline := time.Now().Add(30 * time.Second)
	for alive(pid) || exists(folders[0]) {
		if time.Now().After(deadline) {
			t.Fatalf("after its process was killed, the cluster runs: %v, its folder is there: %v", alive(pid), exists(folders[0]))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func postmasterPID(t *testing.T, dir string) int {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "postmaster.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(raw), "\n", 2)[0]))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
