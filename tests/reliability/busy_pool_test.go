package reliability_test

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"social/core/ports"
	"social/tests/testkit/apptest"
)

// Requests that hold every connection of the serving pool (a burst, or
// slow statements) do not stop what makes writes visible: the search
// indexer and the jobs work on a pool of their own. Here a change is made
// by another client of the database while the app's pool is exhausted; its
// search document and its fan-out job must still be handled.
func TestBackgroundWorkGoesOnWhileRequestsHoldEveryConnection(t *testing.T) {
	app := apptest.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	mustCall(t, bia, http.MethodPost, "/api/v1/profiles/"+ana.Handle+"/follow", nil, http.StatusOK, nil)
	var post struct {
		ID string `json:"id"`
	}
	mustCall(t, ana, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "primeiro texto"}, http.StatusCreated, &post)
	drainSearchQueue(t, app.DB)

	held := holdEveryConnection(t, app)
	defer release(held)

	// Another client of the database (a second node, the command line)
	// changes the post's text and takes it out of bia's timeline, queueing
	// what brings search and the timeline in line, in one transaction.
	ctx := context.Background()
	other, err := pgx.Connect(ctx, app.Config.Database.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close(ctx)
	tx, err := other.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		`UPDATE posts SET text_content = 'agora fala de jabuticaba' WHERE id = $1`,
		`INSERT INTO search_queue (kind, doc_id) VALUES ('post', $1::text)`,
		`DELETE FROM timelines WHERE post_id = $1 AND member_id <> author_id`,
	} {
		if _, err := tx.Exec(ctx, stmt, post.ID); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	inserter, err := river.NewClient(riverpgxv5.New(nil), &river.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := inserter.InsertTx(ctx, tx, fanOutJob{PostID: uuid.MustParse(post.ID)}, nil); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}

	deadline := time.Now().Add(10 * time.Second)
	indexed, placed := false, false
	for !(indexed && placed) {
		if time.Now().After(deadline) {
			t.Fatalf("with the serving pool held: indexed %v, back in the follower's timeline %v", indexed, placed)
		}
		found, err := app.Search.Search(ctx, "jabuticaba", []ports.SearchKind{ports.SearchPost}, 5)
		if err != nil {
			t.Fatal(err)
		}
		indexed = slices.ContainsFunc(found[ports.SearchPost], func(d ports.SearchDoc) bool { return d.ID == post.ID })
		if err := other.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM timelines WHERE post_id = $1 AND member_id = $2)`,
			post.ID, bia.ID).Scan(&placed); err != nil {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// holdEveryConnection takes connections from the app's serving handle until
// none is left: its idle ones, then every one its pool may still open. The
// pool's own wait for a connection is what proves it exhausted.
func holdEveryConnection(t *testing.T, app *apptest.App) []*sql.Conn {
	t.Helper()
	var held []*sql.Conn
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		c, err := app.DB.DB.Conn(ctx)
		cancel()
		if errors.Is(err, context.DeadlineExceeded) {
			break
		}
		if err != nil {
			release(held)
			t.Fatal(err)
		}
		held = append(held, c)
	}
	t.Logf("holding %d connections of the serving pool (database.max_conns %d)", len(held), app.Config.Database.MaxConns)
	return held
}

func release(held []*sql.Conn) {
	for _, c := range held {
		_ = c.Close()
	}
}

// fanOutJob is the timelines' fan-out job as another program queues it:
// by its stable kind and its arguments' JSON, without the feature's code.
type fanOutJob struct {
	PostID uuid.UUID `json:"post_id"`
}

func (fanOutJob) Kind() string { return "timelines.fan_out" }
