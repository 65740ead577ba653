package http_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"social/tests/testkit/apptest"
)

type createdPost struct {
	ID string `json:"id"`
}

// TestIdempotencyKeyCreatesOnce: retries with one Idempotency-Key, even
// concurrent ones, create one post and answer it; another body with the key
// is refused; the key is the member's own and frees itself after a day.
func TestIdempotencyKeyCreatesOnce(t *testing.T) {
	t.Parallel()
	app := apptest.Start(t, nil)
	ana := app.Member("ana_idem")
	body := map[string]string{"text_content": "Uma vez só"}

	const n = 8
	answers := make([]*apptest.Response, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = ana.Do(http.MethodPost, "/api/v1/posts", body, "Idempotency-Key", "key-1")
		}()
	}
	wg.Wait()
	ids := map[string]int{}
	for _, r := range answers {
		switch r.Status {
		case http.StatusCreated:
			var p createdPost
			r.JSON(t, &p)
			ids[p.ID]++
		case http.StatusConflict:
			if code := r.Problem(t).Code; code != "idempotency_in_progress" {
				t.Fatalf("409 with code %q", code)
			}
		default:
			t.Fatalf("concurrent retry answered %d: %s", r.Status, r.Body)
		}
	}
	var stored int
	if err := app.DB.NewRaw(`SELECT count(*) FROM posts WHERE text_content = ?`, "Uma vez só").Scan(t.Context(), &stored); err != nil {
		t.Fatal(err)
	}
	if stored != 1 || len(ids) != 1 {
		t.Fatalf("%d posts stored, answers named %v; want one post", stored, ids)
	}

	// After the first finished, a retry gets its answer again, marked.
	again := ana.Do(http.MethodPost, "/api/v1/posts", body, "Idempotency-Key", "key-1").Expect(t, http.StatusCreated)
	var p createdPost
	again.JSON(t, &p)
	if ids[p.ID] == 0 || again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry answered post %s (replayed %q), want the first", p.ID, again.Header.Get("Idempotent-Replayed"))
	}

	other := ana.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Outra"}, "Idempotency-Key", "key-1")
	other.Expect(t, http.StatusUnprocessableEntity)
	if code := other.Problem(t).Code; code != "idempotency_key_reused" {
		t.Fatalf("another body with the key answered %q", code)
	}
	bad := ana.Do(http.MethodPost, "/api/v1/posts", body, "Idempotency-Key", "com espaço")
	bad.Expect(t, http.StatusUnprocessableEntity)
	if code := bad.Problem(t).Code; code != "idempotency_key_invalid" {
		t.Fatalf("a key with a space answered %q", code)
	}

	// Another member's key of the same name is theirs.
	bia := app.Member("bia_idem")
	var theirs createdPost
	bia.Do(http.MethodPost, "/api/v1/posts", body, "Idempotency-Key", "key-1").Expect(t, http.StatusCreated).JSON(t, &theirs)
	if ids[theirs.ID] != 0 {
		t.Fatal("another member's key answered ana's post")
	}

	// A day later the key is free: the same request creates again.
	app.Clock.Advance(25 * time.Hour)
	ana.Token = ana.SignIn(ana.Email, apptest.Password).AccessToken
	var later createdPost
	ana.Do(http.MethodPost, "/api/v1/posts", body, "Idempotency-Key", "key-1").Expect(t, http.StatusCreated).JSON(t, &later)
	if ids[later.ID] != 0 {
		t.Fatal("an expired key still answered the first post")
	}
}
