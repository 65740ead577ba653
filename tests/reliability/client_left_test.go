package reliability_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"testing"
	"time"

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
	ctx := context.Background()

	// Reads of follows go on; a new follow waits.
	lock, err := app.DB.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = lock.Rollback() }()
	if _, err := lock.ExecContext(ctx, `LOCK TABLE follows IN EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}

	u, err := url.Parse(app.URL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
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
