package reliability_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"social/adapters/postgres/cluster"
	"social/tests/testkit"
	"social/tests/testkit/apptest"
)

// outcome is one request of the load.
type outcome struct {
	start, end time.Time
	status     int
	code       string
	retryAfter string
	postID     string
	err        error
}

// PostgreSQL stopped for ten seconds under load: requests answer 503
// database_unavailable (with Retry-After) instead of hanging, erroring with
// 500 or signing the member out (401); once it is back, writes succeed again
// within seconds, and every post that was answered 201 is in the database.
func TestDatabaseOutageUnderLoad(t *testing.T) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "social-outage-")
	if err != nil {
		t.Fatal(err)
	}
	// The cluster's own user (postgres, when tests run as root) must enter it.
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	port, err := cluster.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	pg, err := cluster.New(cluster.Options{Dir: dir + "/pg", Port: port, Throwaway: true,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	if err := pg.Start(ctx, ""); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = pg.Stop(context.Background())
		_ = os.RemoveAll(dir)
	})
	t.Setenv(testkit.EnvDatabaseURL, pg.URL("postgres"))

	app := apptest.Start(t, nil)
	ana := app.Member("ana")

	var (
		mu       sync.Mutex
		outcomes []outcome
		stop     = make(chan struct{})
		wg       sync.WaitGroup
	)
	client := &http.Client{Timeout: 30 * time.Second}
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				o := createPost(client, app.URL, ana.Token, fmt.Sprintf("carga %d-%d", g, i))
				mu.Lock()
				outcomes = append(outcomes, o)
				mu.Unlock()
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	snapshot := func() []outcome {
		mu.Lock()
		defer mu.Unlock()
		return append([]outcome(nil), outcomes...)
	}

	time.Sleep(time.Second)
	if err := pg.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	down := time.Now()
	time.Sleep(10 * time.Second)
	up := time.Now()
	if err := pg.Start(ctx, ""); err != nil {
		t.Fatal(err)
	}
	// Recovery: a post succeeds again within seconds of PostgreSQL's return.
	deadline := time.Now().Add(30 * time.Second)
	for {
		recovered := false
		for _, o := range snapshot() {
			recovered = recovered || (o.start.After(up) && o.status == http.StatusCreated)
		}
		if recovered {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no post succeeded within 30 s of PostgreSQL's return")
		}
		time.Sleep(100 * time.Millisecond)
	}
	close(stop)
	wg.Wait()

	var created []string
	during := 0
	for _, o := range snapshot() {
		switch {
		case o.err != nil:
			t.Errorf("request failed without an answer: %v", o.err)
		case o.status == http.StatusCreated:
			created = append(created, o.postID)
		case o.status == http.StatusServiceUnavailable:
			if o.code != "database_unavailable" || o.retryAfter == "" {
				t.Errorf("503 with code %q, Retry-After %q", o.code, o.retryAfter)
			}
		default:
			t.Errorf("status %d (%s) at %v", o.status, o.code, o.start.Sub(down))
		}
		if o.start.After(down) && o.end.Before(up) {
			during++
			if o.status != http.StatusServiceUnavailable {
				t.Errorf("while PostgreSQL was down: status %d", o.status)
			}
		}
	}
	// Requests kept being answered while it was down: nothing hung.
	if during < 10 {
		t.Errorf("only %d requests answered while PostgreSQL was down", during)
	}
	// Nothing lost: every 201 is a stored post.
	var stored int
	if err := app.DB.NewRaw("SELECT count(*) FROM posts WHERE id::text IN (?)", bun.In(created)).Scan(ctx, &stored); err != nil {
		t.Fatal(err)
	}
	if stored != len(created) || len(created) == 0 {
		t.Fatalf("%d posts answered 201, %d of them stored", len(created), stored)
	}
	t.Logf("%d posts created, %d answers while down", len(created), during)
}

func createPost(client *http.Client, base, token, text string) outcome {
	o := outcome{start: time.Now()}
	body, _ := json.Marshal(map[string]string{"text_content": text, "visibility": "public"})
	req, _ := http.NewRequest(http.MethodPost, base+"/api/v1/posts", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	o.end = time.Now()
	if err != nil {
		o.err = err
		return o
	}
	defer resp.Body.Close()
	o.status, o.retryAfter = resp.StatusCode, resp.Header.Get("Retry-After")
	var answer struct {
		ID   string `json:"id"`
		Code string `json:"code"`
	}
	_ = json.NewDecoder(resp.Body).Decode(&answer)
	o.postID, o.code = answer.ID, answer.Code
	return o
}
