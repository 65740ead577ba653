package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	reports "social/features/reports/app"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type report struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func newComment(t *testing.T, m *at.Member, post string) string {
	t.Helper()
	var c struct {
		ID string `json:"id"`
	}
	m.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": "um comentário"}).
		Expect(t, http.StatusCreated).JSON(t, &c)
	return c.ID
}

// stored is the reports rows of a target.
func stored(t *testing.T, app *at.App, targetType, target string) []struct {
	ReporterID string  `bun:"reporter_id"`
	Reason     *string `bun:"reason"`
	Status     string  `bun:"status"`
} {
	t.Helper()
	var rows []struct {
		ReporterID string  `bun:"reporter_id"`
		Reason     *string `bun:"reason"`
		Status     string  `bun:"status"`
	}
	err := app.DB.NewRaw("SELECT reporter_id::text, reason, status FROM reports WHERE target_type = ? AND target_id = ? ORDER BY created_at",
		targetType, target).Scan(context.Background(), &rows)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// A report of a post and of a comment through the whole app, what the
// store keeps, and the HTTP answer of each kind of refusal once; every
// branch of the rules is the use cases' unit tests.
func TestReportPostAndComment(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	post := ana.NewPost(t, "um post", "public")
	path := "/api/v1/posts/" + post + "/report"

	at.ExpectProblem(t, app.Client().Do(http.MethodPost, path, nil), http.StatusUnauthorized,
		reports.CodeUnauthenticated, "Você precisa estar logado para denunciar.")
	at.ExpectProblem(t, ana.Do(http.MethodPost, path, nil), http.StatusForbidden,
		reports.CodeOwnPost, "Você não pode denunciar seu próprio post.")
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/posts/nao-e-id/report", nil), http.StatusNotFound,
		reports.CodePostNotFound, "Post não encontrado.")
	at.ExpectProblem(t, bia.Do(http.MethodPost, path, map[string]string{"reason": strings.Repeat("é", 501)}),
		http.StatusUnprocessableEntity, reports.CodeReasonTooLong, reports.MsgReasonTooLong)
	bia.Do(http.MethodPost, path, map[string]any{"reason": "x", "status": "actioned"}).Expect(t, http.StatusUnprocessableEntity)
	if rows := stored(t, app, "post", post); len(rows) != 0 {
		t.Fatalf("refusals stored %+v", rows)
	}

	var first, again report
	bia.Do(http.MethodPost, path, map[string]string{"reason": "  spam  "}).Expect(t, http.StatusCreated).JSON(t, &first)
	if first.ID == "" || first.Status != "open" {
		t.Fatalf("report = %+v", first)
	}
	bia.Do(http.MethodPost, path, map[string]string{"reason": "outro motivo"}).Expect(t, http.StatusOK).JSON(t, &again)
	if again != first {
		t.Fatalf("again = %+v, want %+v", again, first)
	}
	// Without a body: no reason.
	cris := app.Member("cris")
	cris.Do(http.MethodPost, path, nil).Expect(t, http.StatusCreated)
	rows := stored(t, app, "post", post)
	if len(rows) != 2 || rows[0].ReporterID != bia.ID || rows[0].Reason == nil || *rows[0].Reason != "spam" ||
		rows[0].Status != "open" || rows[1].Reason != nil {
		t.Fatalf("rows = %+v", rows)
	}

	byBia := newComment(t, bia, post)
	commentPath := "/api/v1/comments/" + byBia + "/report"
	at.ExpectProblem(t, cris.Do(http.MethodPost, "/api/v1/comments/nao-e-id/report", nil), http.StatusNotFound,
		reports.CodeCommentNotFound, "Comentário não encontrado.")
	// cris, who reported the post, reports the comment: two reports.
	cris.Do(http.MethodPost, commentPath, map[string]string{"reason": strings.Repeat("é", 500)}).Expect(t, http.StatusCreated).JSON(t, &first)
	cris.Do(http.MethodPost, commentPath, nil).Expect(t, http.StatusOK).JSON(t, &again)
	if first.Status != "open" || again != first {
		t.Fatalf("first %+v, again %+v", first, again)
	}
	if rows := stored(t, app, "comment", byBia); len(rows) != 1 || rows[0].ReporterID != cris.ID {
		t.Fatalf("rows = %+v", rows)
	}
	if rows := stored(t, app, "post", post); len(rows) != 2 {
		t.Fatalf("the comment's report touched the post's: %+v", rows)
	}
}

func TestConcurrentReportsMakeOneRow(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	post := ana.NewPost(t, "um post", "public")
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		statuses = map[int]int{}
		ids      = map[string]bool{}
	)
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := bia.Do(http.MethodPost, "/api/v1/posts/"+post+"/report", map[string]string{"reason": "spam"})
			var rep report
			if r.Status == http.StatusCreated || r.Status == http.StatusOK {
				r.JSON(t, &rep)
			}
			mu.Lock()
			defer mu.Unlock()
			statuses[r.Status]++
			ids[rep.ID] = true
		}()
	}
	wg.Wait()
	if statuses[http.StatusCreated] != 1 || statuses[http.StatusOK] != 4 || len(ids) != 1 {
		t.Fatalf("statuses %v, ids %v", statuses, ids)
	}
	if rows := stored(t, app, "post", post); len(rows) != 1 {
		t.Fatalf("rows = %+v", rows)
	}
}
