package reliability_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"social/tests/testkit"
	"social/tests/testkit/apptest"
)

// A change the server received is kept when its client goes away before
// the answer: the member saw it done (the app shows a follow at once) and
// may have reloaded or closed the tab. Here the follow waits on a lock
// held by another client of the database while its own client hangs up;
// once the lock is let go, the follow must be stored.
func TestAFollowIsKeptWhenItsClientHangsUp(t *testing.T) {
	app := apptest.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")

	// Reads of follows go on; a new follow waits.
	lock := lockTable(t, app, "follows")
	conn, u := dialApp(t, app)
	if _, err := fmt.Fprintf(conn, "POST /api/v1/profiles/%s/follow HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Length: 0\r\n\r\n",
		bia.Handle, u.Host, ana.Token); err != nil {
		t.Fatal(err)
	}
	testkit.WaitForLockWait(t, app.DB, "%follows%")
	_ = conn.Close()
	// Time for the server to see the client leave; a statement cancelled
	// with its request leaves the lock queue then.
	time.Sleep(500 * time.Millisecond)
	if err := lock.Commit(); err != nil {
		t.Fatal(err)
	}

	deadline := time.Now().Add(10 * time.Second)
	for {
		var profile struct {
			IsFollowing bool `json:"is_following"`
		}
		mustCall(t, ana, http.MethodGet, "/api/v1/profiles/"+bia.Handle, nil, http.StatusOK, &profile)
		if profile.IsFollowing {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the follow whose client hung up was lost")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A change that takes longer than its body's read deadline (Huma gives
// each operation's body 5 s) leaves its kept-alive connection usable: the
// client's next request on it is served as any other. net/http's
// look-ahead read for that next request used to fail at the old deadline,
// which cancelled the connection's context and with it every later
// request's: each was refused at once, a change 503 database_unavailable
// (its session could not be checked), a read 499.
func TestASlowChangeLeavesItsConnectionUsable(t *testing.T) {
	app := apptest.Start(t, nil)
	ana := app.Member("ana")

	// A new post waits on the lock for longer than the body's deadline.
	lock := lockTable(t, app, "posts")
	conn, _ := dialApp(t, app)
	defer conn.Close()
	answers := bufio.NewReader(conn)
	exchange := func(method, path, body string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(method, app.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+ana.Token)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		if err := req.Write(conn); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(answers, req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}

	sent := time.Now()
	created := make(chan *http.Response, 1)
	go func() {
		created <- exchange(http.MethodPost, "/api/v1/posts", `{"text_content":"devagar","type":"text","visibility":"public"}`)
	}()
	testkit.WaitForLockWait(t, app.DB, "%posts%")
	time.Sleep(6*time.Second - time.Since(sent))
	if err := lock.Commit(); err != nil {
		t.Fatal(err)
	}
	if resp := <-created; resp.StatusCode != http.StatusCreated {
		t.Fatalf("the slow post: %d, want 201", resp.StatusCode)
	}

	// The same connection, as a browser keeps it.
	for i := 0; i < 3; i++ {
		if resp := exchange(http.MethodGet, "/api/v1/profiles/"+ana.Handle, ""); resp.StatusCode != http.StatusOK {
			t.Fatalf("request %d after the slow post on its connection: %d, want 200", i+1, resp.StatusCode)
		}
	}
}

// lockTable holds an exclusive lock on table, from another client of the
// database, until the test commits or ends: reads go on, writes wait.
func lockTable(t *testing.T, app *apptest.App, table string) bun.Tx {
	t.Helper()
	ctx := context.Background()
	lock, err := app.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lock.Rollback() })
	if _, err := lock.ExecContext(ctx, `LOCK TABLE `+table+` IN EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	return lock
}

// dialApp opens a connection of its own to app, and answers its address.
func dialApp(t *testing.T, app *apptest.App) (net.Conn, *url.URL) {
	t.Helper()
	u, err := url.Parse(app.URL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	return conn, u
}
