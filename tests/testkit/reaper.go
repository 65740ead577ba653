package testkit

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// reaperScript waits for its standard input to close, which happens when
// the process that started it ends in any way (a test binary killed by its
// -timeout panic or by SIGKILL runs no deferred stop), then stops the
// cluster in $1 at once (SIGQUIT: immediate shutdown, nothing to keep)
// and removes $2. After a normal stop it finds nothing left to do.
const reaperScript = `read -r _
pid=$(head -n 1 "$1/postmaster.pid" 2>/dev/null)
if [ -n "$pid" ]; then
	kill -QUIT "$pid" 2>/dev/null
	i=0
	while [ "$i" -lt 150 ] && kill -0 "$pid" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
fi
rm -rf "$2"`

// startReaper starts the process that stops the throwaway cluster in
// clusterDir and removes folder once this process is gone. Closing the
// returned file lets it run at once.
func startReaper(clusterDir, folder string) (*os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("reaper pipe: %w", err)
	}
	defer r.Close()
	cmd := exec.Command("sh", "-c", reaperScript, "reaper", clusterDir, folder)
	cmd.Stdin = r
	// Its own process group: a Ctrl-C to the tests' group must leave it
	// to clean up after them.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, fmt.Errorf("start reaper: %w", err)
	}
	// Reaped by init once this process is gone; nobody waits for it here.
	go func() { _ = cmd.Wait() }()
	return w, nil
}
