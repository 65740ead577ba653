// Package natsserver starts a private nats-server for a test, on a free
// loopback port, from the machine's binary (scripts/bootstrap.sh installs it).
package natsserver

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"testing"
	"time"

	"social/tests/testkit/output"
)

// Binary finds nats-server on PATH, then in /usr/sbin (Debian's package
// puts it there, often outside a user's PATH).
func Binary() (string, error) {
	if p, err := exec.LookPath("nats-server"); err == nil {
		return p, nil
	}
	for _, p := range []string{"/usr/sbin/nats-server", "/usr/local/bin/nats-server"} {
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("nats-server not found on PATH nor in /usr/sbin: run scripts/bootstrap.sh (Debian: apt-get install nats-server)")
}

// Server is a running nats-server of one test.
type Server struct {
	URL  string
	bin  string
	port int
	stop func()
}

// Start runs a nats-server for t on 127.0.0.1 and a free port, and returns
// once it accepts connections. It is killed when t ends. A missing binary
// fails the test: the multi-node tests are never skipped.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		t.Fatal(err)
	}
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{URL: fmt.Sprintf("nats://127.0.0.1:%d", port), bin: bin, port: port}
	s.run(t)
	return s
}

// Stop kills the server, as a crash would.
func (s *Server) Stop() { s.stop() }

// Restart runs the server again on the same port.
func (s *Server) Restart(t testing.TB) {
	t.Helper()
	s.run(t)
}

func (s *Server) run(t testing.TB) {
	t.Helper()
	var logs output.Buffer
	cmd := exec.Command(s.bin, "-a", "127.0.0.1", "-p", strconv.Itoa(s.port))
	cmd.Stdout, cmd.Stderr = &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", s.bin, err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	var once sync.Once
	s.stop = func() {
		once.Do(func() {
			_ = cmd.Process.Kill()
			<-exited
		})
	}
	t.Cleanup(s.stop)
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port))
	for deadline := time.Now().Add(15 * time.Second); ; {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			return
		}
		select {
		case <-exited:
			t.Fatalf("nats-server exited at start: %s", logs.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("nats-server does not accept connections on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// freePort asks the kernel for a port nobody listens on.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
