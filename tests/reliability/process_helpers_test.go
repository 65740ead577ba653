package reliability_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
	"github.com/jackc/pgx/v5/pgxpool"

	"social/adapters/postgres/cluster"
	"social/adapters/realtime"
	"social/tests/testkit"
	"social/tests/testkit/output"
)

// The tests of this package that run `social serve` as a process share one
// build of the binary (made on first use, removed after the run).
func TestMain(m *testing.M) {
	code := testkit.Main(m)
	testkit.RemoveBuiltBinary()
	os.Exit(code)
}

// socialBinary is the `social` binary the processes run (testkit.SocialBinary).
func socialBinary(t testing.TB) string { return testkit.SocialBinary(t) }

// processRig is what successive `social serve` processes of one test
// share: a database of their own, a data folder (media, Bleve index), an
// address and a JWT secret, so that a restarted process finds the same
// data and accepts the tokens its predecessor issued.
type processRig struct {
	DatabaseURL string
	DataDir     string
	Addr        string // host:port every process of the rig listens on
	URL         string // http://Addr
	DB          *pgxpool.Pool
	// Env is added to every process's environment (later entries win).
	Env []string
}

// rigJWTSecret signs every token of a rig's processes.
const rigJWTSecret = "reliability-rig-secret-0123456789abcdef"

// rigPassword passes every password rule.
const rigPassword = "Senha1234"

// newProcessRig makes a database (migrated, from testkit's template) and
// a data folder for t, and picks a free port. DB is a pool for the test's
// own assertions and fixtures.
func newProcessRig(t testing.TB) *processRig {
	t.Helper()
	dbURL := testkit.NewDatabase(t)
	port, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	pool, err := pgxpool.New(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	// Registered after NewDatabase's cleanup, so it runs first: the pool
	// closes before the database is dropped.
	t.Cleanup(pool.Close)
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	apple := startAppleCharts(t)
	return &processRig{DatabaseURL: dbURL, DataDir: t.TempDir(), Addr: addr, URL: "http://" + addr, DB: pool,
		Env: []string{"SOCIAL_TRENDING_FEED_URL=" + apple, "SOCIAL_TRENDING_LOOKUP_URL=" + apple}}
}

// startAppleCharts serves Apple's top-songs feed and iTunes lookup (the
// trending chart's outside source, refreshed by a job at every start) with
// the adapter's recorded answers, so that no call leaves the machine and
// the refresh job succeeds.
func startAppleCharts(t testing.TB) string {
	t.Helper()
	dir := filepath.Join("..", "..", "adapters", "providers", "trending", "testdata")
	feed, err := os.ReadFile(filepath.Join(dir, "feed_br_3.json"))
	if err != nil {
		t.Fatal(err)
	}
	lookup, err := os.ReadFile(filepath.Join(dir, "lookup_br_3.json"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		switch {
		case strings.HasPrefix(r.URL.Path, "/api/v2/br/music/most-played/"):
			_, _ = w.Write(feed)
		case r.URL.Path == "/lookup":
			_, _ = w.Write(lookup)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// environ is the environment of the rig's processes: the test's own minus
// any SOCIAL_* setting of the machine, then the rig's settings, rig.Env
// and extra.
func (r *processRig) environ(extra []string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "SOCIAL_") {
			env = append(env, kv)
		}
	}
	env = append(env,
		"SOCIAL_DATABASE_URL="+r.DatabaseURL,
		"SOCIAL_DATABASE_MAX_CONNS=10",
		"SOCIAL_DATA_DIR="+r.DataDir,
		"SOCIAL_HTTP_ADDR="+r.Addr,
		"SOCIAL_HTTP_PUBLIC_URL="+r.URL,
		"SOCIAL_AUTH_JWT_SECRET="+rigJWTSecret,
		// The mail outbox (confirmation links) is read without signing in.
		"SOCIAL_ADMIN_OPEN_ACCESS=true",
		"SOCIAL_JOBS_WORKERS=4",
		// Every member of a test comes from 127.0.0.1.
		"SOCIAL_RATE_LIMITS_SIGN_UP_PER_IP=1000",
		"SOCIAL_RATE_LIMITS_SIGN_IN_PER_IP=1000",
	)
	env = append(env, r.Env...)
	return append(env, extra...)
}

// serveProcess is one running `social serve` of a rig.
type serveProcess struct {
	URL  string
	cmd  *exec.Cmd
	logs *output.Buffer
	done chan struct{}
	err  error // cmd.Wait's result, once done is closed
}

// Serve starts `social serve` with the rig's environment plus extra
// (SOCIAL_*=... entries) and waits until /readyz answers 200. A process
// still running when t ends is stopped (SIGTERM, then SIGKILL); its output
// is logged when t failed.
func (r *processRig) Serve(t testing.TB, extra ...string) *serveProcess {
	t.Helper()
	p := &serveProcess{URL: r.URL, logs: &output.Buffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(socialBinary(t), "serve")
	p.cmd.Env = r.environ(extra)
	p.cmd.Stdout, p.cmd.Stderr = p.logs, p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		if !p.Exited() {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			if _, err := p.Wait(time.Minute); err != nil {
				_ = p.cmd.Process.Kill()
				<-p.done
			}
		}
		if t.Failed() {
			t.Logf("social serve (pid %d) output:\n%s", p.cmd.Process.Pid, p.logs.String())
		}
	})
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(p.URL + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return p
			}
		}
		if p.Exited() {
			t.Fatalf("social serve exited at start (%v):\n%s", p.err, p.logs.String())
		}
		if time.Now().After(deadline) {
			t.Fatalf("social serve not ready after 90 s:\n%s", p.logs.String())
		}
	}
}

// Pid is the process id.
func (p *serveProcess) Pid() int { return p.cmd.Process.Pid }

// Signal sends sig to the process (syscall.SIGTERM, syscall.SIGKILL).
func (p *serveProcess) Signal(t testing.TB, sig os.Signal) {
	t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal %v: %v", sig, err)
	}
}

// Exited reports whether the process has ended.
func (p *serveProcess) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// Wait waits up to d for the process to end and returns its exit code
// (-1 when a signal ended it); the error says it was still running.
func (p *serveProcess) Wait(d time.Duration) (int, error) {
	select {
	case <-p.done:
		return p.cmd.ProcessState.ExitCode(), nil
	case <-time.After(d):
		return 0, fmt.Errorf("social serve (pid %d) still running after %v", p.Pid(), d)
	}
}

// Logs is the process's output so far.
func (p *serveProcess) Logs() string { return p.logs.String() }

// rigMember is a confirmed, signed-in member of a rig.
type rigMember struct {
	ID, Handle, Email, Token string
}

// Member signs a member up through p's API, confirms the address with
// the link from the mail outbox, and signs in.
func (r *processRig) Member(t testing.TB, p *serveProcess, handle string) rigMember {
	t.Helper()
	m := rigMember{Handle: handle, Email: handle + "@exemplo.com.br"}
	p.MustCall(t, "", http.MethodPost, "/api/v1/auth/sign-up", map[string]string{
		"email": m.Email, "password": rigPassword, "password_confirmation": rigPassword,
		"display_name": "Membro " + handle, "handle": handle,
	}, http.StatusCreated, nil)
	var mails []struct {
		Subject  string `json:"subject"`
		BodyText string `json:"body_text"`
	}
	filter, _ := json.Marshal(map[string]string{"to": m.Email})
	p.MustCall(t, "", http.MethodGet, "/api/v1/admin/mail?filter="+url.QueryEscape(string(filter)), nil, http.StatusOK, &mails)
	var token string
	for _, mail := range mails {
		if match := confirmToken.FindStringSubmatch(mail.BodyText); match != nil && strings.Contains(mail.Subject, "Confirme") {
			token, _ = url.QueryUnescape(match[1])
		}
	}
	if token == "" {
		t.Fatalf("no confirmation mail to %s: %+v", m.Email, mails)
	}
	p.MustCall(t, "", http.MethodGet, "/api/v1/auth/confirm?token="+url.QueryEscape(token), nil, http.StatusSeeOther, nil)
	var session struct {
		AccessToken string `json:"access_token"`
		User        struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	p.MustCall(t, "", http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": m.Email, "password": rigPassword}, http.StatusOK, &session)
	m.ID, m.Token = session.User.ID, session.AccessToken
	return m
}

var confirmToken = regexp.MustCompile(`[?&]token=([A-Za-z0-9_\-%]+)`)

// noRedirects lets a test see a 303 (the confirmation link's answer).
var noRedirects = &http.Client{
	Timeout:       30 * time.Second,
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// Call sends a JSON request (token as bearer when not empty) and returns
// the status and the whole body; err is a transport error (no answer, or
// an answer cut short).
func (p *serveProcess) Call(client *http.Client, token, method, path string, body any) (status int, raw []byte, err error) {
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, p.URL+path, r)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	raw, err = io.ReadAll(resp.Body)
	return resp.StatusCode, raw, err
}

// MustCall is Call that fails t unless the answer has status want; out,
// when not nil, receives the decoded body.
func (p *serveProcess) MustCall(t testing.TB, token, method, path string, body any, want int, out any) {
	t.Helper()
	status, raw, err := p.Call(noRedirects, token, method, path, body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if status != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, status, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
}

// rigSocket is a WebSocket on a process's realtime gateway.
type rigSocket struct {
	conn *websocket.Conn
}

// Socket connects with token and subscribes to topics, waiting for each
// subscription's acknowledgement.
func (p *serveProcess) Socket(t testing.TB, token string, topics ...string) *rigSocket {
	t.Helper()
	d := websocket.Dialer{HandshakeTimeout: 10 * time.Second}
	conn, _, err := d.Dial("ws"+strings.TrimPrefix(p.URL, "http")+realtime.Path, realtime.ClientHeader(token))
	if err != nil {
		t.Fatalf("dial realtime: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	s := &rigSocket{conn: conn}
	for _, topic := range topics {
		if err := conn.WriteJSON(map[string]string{"type": "subscribe", "topic": topic}); err != nil {
			t.Fatal(err)
		}
		for {
			_ = conn.SetReadDeadline(time.Now().Add(20 * time.Second))
			var f struct{ Type, Topic string }
			if err := conn.ReadJSON(&f); err != nil {
				t.Fatalf("subscribe %s: %v", topic, err)
			}
			if f.Type == "subscribed" && f.Topic == topic {
				break
			}
			if f.Type == "error" {
				t.Fatalf("subscribe %s: %+v", topic, f)
			}
		}
	}
	return s
}

// CloseCode reads (discarding events) until the server closes the socket
// or within elapses, and returns the close frame's code and text; code is
// 0 when the connection ended without a close frame or did not end.
// events counts the frames read meanwhile.
func (s *rigSocket) CloseCode(within time.Duration) (code int, text string, events int, err error) {
	_ = s.conn.SetReadDeadline(time.Now().Add(within))
	for {
		if _, _, err = s.conn.ReadMessage(); err != nil {
			_ = s.conn.Close()
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code, ce.Text, events, nil
			}
			return 0, "", events, err
		}
		events++
	}
}

// queryInt runs a query returning one integer.
func queryInt(t testing.TB, db *pgxpool.Pool, sql string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}
