// Helpers of the tests that boot the app in process (testkit): JSON calls
// as a member, members in bulk, waiting for the job queue to drain. The
// tests that run the binary as a process use process_helpers_test.go.

package reliability_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"social/tests/testkit/apptest"
)

// loadHTTP is shared by the goroutines of a load: enough idle connections
// that each keeps its own instead of dialing anew for every request.
var loadHTTP = &http.Client{
	Timeout:   30 * time.Second,
	Transport: &http.Transport{MaxIdleConns: 200, MaxIdleConnsPerHost: 200, IdleConnTimeout: time.Minute},
}

// apiAnswer is one answer read whole, or the transport error.
type apiAnswer struct {
	status int
	body   []byte
	err    error
}

// callAPI sends one JSON request as the holder of token. It never stops
// the test, so goroutines of a load may call it; the caller judges.
func callAPI(base, token, method, path string, body any) apiAnswer {
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return apiAnswer{err: err}
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, base+path, r)
	if err != nil {
		return apiAnswer{err: err}
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := loadHTTP.Do(req)
	if err != nil {
		return apiAnswer{err: err}
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return apiAnswer{status: resp.StatusCode, body: raw, err: err}
}

func (a apiAnswer) String() string {
	if a.err != nil {
		return "error: " + a.err.Error()
	}
	return fmt.Sprintf("%d %s", a.status, strings.TrimSpace(string(a.body)))
}

// mustCall is callAPI for the test's own goroutine: anything but want
// fails the test; the body is decoded into out when out is not nil.
func mustCall(t testing.TB, m *apptest.Member, method, path string, body any, want int, out any) {
	t.Helper()
	a := callAPI(m.App.URL, m.Token, method, path, body)
	if a.err != nil || a.status != want {
		t.Fatalf("%s %s as %s: %s, want %d", method, path, m.Handle, a, want)
	}
	if out != nil {
		if err := json.Unmarshal(a.body, out); err != nil {
			t.Fatalf("%s %s: decode %s: %v", method, path, a.body, err)
		}
	}
}

// newMembers makes n confirmed, signed-in members named prefix00...
func newMembers(t testing.TB, app *apptest.App, prefix string, n int) []*apptest.Member {
	t.Helper()
	out := make([]*apptest.Member, n)
	for i := range out {
		out[i] = app.Member(fmt.Sprintf("%s%02d", prefix, i))
	}
	return out
}

// drainSearchQueue waits until the search indexer has taken every queued
// document: a request leaves the queue in the transaction that follows its
// index write.
func drainSearchQueue(t testing.TB, db *bun.DB) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var left int
		if err := db.NewRaw(`SELECT count(*) FROM search_queue`).Scan(context.Background(), &left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d search documents still queued after 60 s", left)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// drainJobs waits until no job of kinds is left to run, then fails the
// test for every job of those kinds that was discarded, cancelled or
// failed an attempt: "nothing lost" means each job a write enqueued ran.
func drainJobs(t testing.TB, db *bun.DB, kinds ...string) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(60 * time.Second)
	for {
		var left int
		if err := db.NewRaw(`SELECT count(*) FROM river_job WHERE kind IN (?)
			AND state IN ('available', 'pending', 'running', 'retryable', 'scheduled')`, bun.In(kinds)).Scan(ctx, &left); err != nil {
			t.Fatal(err)
		}
		if left == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d jobs of %v still to run after 60 s", left, kinds)
		}
		time.Sleep(100 * time.Millisecond)
	}
	var bad []struct {
		ID     int64  `bun:"id"`
		Kind   string `bun:"kind"`
		State  string `bun:"state"`
		Errors string `bun:"errors"`
	}
	if err := db.NewRaw(`SELECT id, kind, state, coalesce(array_to_string(errors, ' | '), '') AS errors FROM river_job
		WHERE kind IN (?) AND (state IN ('discarded', 'cancelled') OR cardinality(errors) > 0) ORDER BY id`,
		bun.In(kinds)).Scan(ctx, &bad); err != nil {
		t.Fatal(err)
	}
	for _, j := range bad {
		t.Errorf("job %d %s %s: %s", j.ID, j.Kind, j.State, j.Errors)
	}
}
