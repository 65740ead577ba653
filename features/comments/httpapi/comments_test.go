package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/config"
	"social/core/domain"
	comments "social/features/comments/app"
	commentsstore "social/features/comments/pgstore"
	"social/platform/pgkit"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type comment struct {
	ID          string    `json:"id"`
	PostID      string    `json:"post_id"`
	TextContent string    `json:"text_content"`
	CreatedAt   time.Time `json:"created_at"`
	Author      struct {
		ID          string  `json:"id"`
		Handle      string  `json:"handle"`
		DisplayName string  `json:"display_name"`
		AvatarURL   *string `json:"avatar_url"`
	} `json:"author"`
	CanDelete bool `json:"can_delete"`
}

type page struct {
	Items      []comment `json:"items"`
	NextCursor string    `json:"next_cursor"`
}

func text(s string) map[string]string { return map[string]string{"text_content": s} }

func commentOn(t *testing.T, m *at.Member, post, s string) comment {
	t.Helper()
	var c comment
	m.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", text(s)).Expect(t, http.StatusCreated).JSON(t, &c)
	return c
}

// counts is the post's comment_count and its number of comment rows.
func counts(t *testing.T, app *at.App, post string) (int, int) {
	t.Helper()
	var stored, rows int
	err := app.DB.NewRaw(`SELECT comment_count, (SELECT count(*) FROM comments WHERE post_id = p.id)
		FROM posts p WHERE id = ?`, post).Scan(context.Background(), &stored, &rows)
	if err != nil {
		t.Fatal(err)
	}
	return stored, rows
}

// One comment through the whole app, the HTTP answer of each kind of
// refusal once, and the rate read from rate_limits.comment_per_member; every
// branch of the rules is the use case's unit test.
func TestCreateComment(t *testing.T) {
	t.Parallel()
	const limit = 2
	app := at.Start(t, func(c *config.Config) { c.Limits.CommentPerMember = limit })
	ana, bia := app.Member("ana"), app.Member("bia")
	post := ana.NewPost(t, "um post", "public")
	path := "/api/v1/posts/" + post + "/comments"

	at.ExpectProblem(t, app.Client().Do(http.MethodPost, path, text("oi")), http.StatusUnauthorized,
		comments.CodeUnauthenticated, "Você precisa estar logado para comentar.")
	pr := at.ExpectProblem(t, bia.Do(http.MethodPost, path, text(" ")), http.StatusUnprocessableEntity,
		comments.CodeEmpty, "Por favor, escreva um comentário.")
	if pr.Field("text_content") != "Por favor, escreva um comentário." {
		t.Fatalf("field = %+v", pr)
	}
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/posts/nao-e-id/comments", text("oi")),
		http.StatusNotFound, comments.CodePostNotFound, "Post não encontrado.")

	long := commentOn(t, bia, post, strings.Repeat("é", 500))
	if long.PostID != post || long.Author.ID != bia.ID || long.Author.Handle != "bia" ||
		long.Author.DisplayName != "Membro bia" || long.Author.AvatarURL != nil || !long.CanDelete {
		t.Fatalf("comment = %+v", long)
	}
	var p struct {
		CommentCount int `json:"comment_count"`
	}
	ana.Do(http.MethodGet, "/api/v1/posts/"+post, nil).Expect(t, http.StatusOK).JSON(t, &p)
	if p.CommentCount != 1 {
		t.Fatalf("post comment_count = %d", p.CommentCount)
	}

	commentOn(t, bia, post, "dois")
	r := bia.Do(http.MethodPost, path, text("mais um"))
	pr = at.ExpectProblem(t, r, http.StatusTooManyRequests, "rate_limited", "Aguarde 1 minuto antes de comentar novamente.")
	if pr.Title != "Muitas tentativas" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("title %q, Retry-After %q", pr.Title, r.Header.Get("Retry-After"))
	}
	commentOn(t, ana, post, "outro membro, outra conta")
	app.Clock.Advance(time.Minute + time.Second)
	commentOn(t, bia, post, "depois de um minuto")

	// Only the store knows that a member's profile is gone.
	cris := app.Member("cris")
	if _, err := app.DB.NewRaw("DELETE FROM profiles WHERE id = ?", cris.ID).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	at.ExpectProblem(t, cris.Do(http.MethodPost, path, text("oi")), http.StatusForbidden,
		comments.CodeNoProfile, comments.MsgNoProfile)
	if n, rows := counts(t, app, post); n != 4 || rows != 4 {
		t.Fatalf("comment_count %d, rows %d", n, rows)
	}
}

// A delete through the whole app, can_delete as each member reads it, the
// HTTP answers of the refusals and a stale counter; who may delete what is
// the use case's unit test.
func TestDeleteComment(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, cris := app.Member("ana"), app.Member("bia"), app.Member("cris")
	post := ana.NewPost(t, "um post", "public")
	byBia := commentOn(t, bia, post, "da bia")
	byCris := commentOn(t, cris, post, "da cris")
	byAna := commentOn(t, ana, post, "da ana")

	at.ExpectProblem(t, app.Client().Do(http.MethodDelete, "/api/v1/comments/"+byBia.ID, nil), http.StatusUnauthorized,
		comments.CodeUnauthenticated, comments.MsgNoUserDelete)
	at.ExpectProblem(t, cris.Do(http.MethodDelete, "/api/v1/comments/"+byBia.ID, nil), http.StatusForbidden,
		comments.CodeNotAuthor, "Você só pode excluir seus próprios comentários.")
	at.ExpectProblem(t, bia.Do(http.MethodDelete, "/api/v1/comments/nao-e-id", nil), http.StatusNotFound,
		comments.CodeNotFound, "Comentário não encontrado.")

	// can_delete: the comment's author and the post's author.
	var pg page
	cris.Do(http.MethodGet, "/api/v1/posts/"+post+"/comments", nil).Expect(t, http.StatusOK).JSON(t, &pg)
	got := map[string]bool{}
	for _, c := range pg.Items {
		got[c.Author.Handle] = c.CanDelete
	}
	if len(pg.Items) != 3 || got["cris"] != true || got["bia"] || got["ana"] || pg.NextCursor != "" {
		t.Fatalf("cris sees %+v", pg)
	}
	ana.Do(http.MethodGet, "/api/v1/posts/"+post+"/comments", nil).Expect(t, http.StatusOK).JSON(t, &pg)
	for _, c := range pg.Items {
		if !c.CanDelete {
			t.Fatalf("the post's author cannot delete %+v", c)
		}
	}

	bia.Do(http.MethodDelete, "/api/v1/comments/"+byBia.ID, nil).Expect(t, http.StatusNoContent)
	ana.Do(http.MethodDelete, "/api/v1/comments/"+byCris.ID, nil).Expect(t, http.StatusNoContent)
	if n, rows := counts(t, app, post); n != 1 || rows != 1 {
		t.Fatalf("comment_count %d, rows %d", n, rows)
	}

	// A stale counter never goes below 0.
	if _, err := app.DB.NewRaw("UPDATE posts SET comment_count = 0 WHERE id = ?", post).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	ana.Do(http.MethodDelete, "/api/v1/comments/"+byAna.ID, nil).Expect(t, http.StatusNoContent)
	if n, rows := counts(t, app, post); n != 0 || rows != 0 {
		t.Fatalf("comment_count %d, rows %d", n, rows)
	}
}

func TestConcurrentCommentsKeepTheCount(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	post := ana.NewPost(t, "um post", "public")
	writers := []*at.Member{app.Member("bia"), app.Member("cris"), app.Member("duda")}
	var old []comment
	for i := range 15 {
		old = append(old, commentOn(t, ana, post, fmt.Sprint("antigo ", i)))
	}
	var wg sync.WaitGroup
	for _, w := range writers {
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := w.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", text(fmt.Sprint("novo ", i)))
				if r.Status != http.StatusCreated {
					t.Errorf("create: %d %s", r.Status, r.Body)
				}
			}()
		}
	}
	for _, c := range old {
		wg.Add(2)
		for range 2 { // deleting twice at once: one 204, one 404
			go func() {
				defer wg.Done()
				r := ana.Do(http.MethodDelete, "/api/v1/comments/"+c.ID, nil)
				if r.Status != http.StatusNoContent && r.Status != http.StatusNotFound {
					t.Errorf("delete: %d %s", r.Status, r.Body)
				}
			}()
		}
	}
	wg.Wait()
	if n, rows := counts(t, app, post); n != 30 || rows != 30 {
		t.Fatalf("comment_count %d, rows %d, want 30", n, rows)
	}
}

func TestDeletedPostTakesItsComments(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	post := ana.NewPost(t, "um post", "public")
	c := commentOn(t, bia, post, "vai junto")
	commentOn(t, ana, post, "eu também")
	ana.Do(http.MethodDelete, "/api/v1/posts/"+post, nil).Expect(t, http.StatusNoContent)
	var n int
	if err := app.DB.NewRaw("SELECT count(*) FROM comments WHERE post_id = ?", post).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("%d comments outlived their post", n)
	}
	at.ExpectProblem(t, bia.Do(http.MethodDelete, "/api/v1/comments/"+c.ID, nil), http.StatusNotFound,
		comments.CodeNotFound, "Comentário não encontrado.")
	at.ExpectProblem(t, bia.Do(http.MethodGet, "/api/v1/posts/"+post+"/comments", nil), http.StatusNotFound,
		comments.CodePostNotFound, "Post não encontrado.")
}

func TestCommentPagesCoverTiedTimes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	post := ana.NewPost(t, "um post", "public")
	postID, err := domain.ParsePostID(post)
	if err != nil {
		t.Fatal(err)
	}
	// 120 comments at one instant, in an order unrelated to their IDs'.
	store, tx := commentsstore.NewComments(app.DB), pgkit.NewTransactor(app.DB)
	at0 := app.Clock.Now()
	want := map[string]bool{}
	for i := range 120 {
		author := ana.ID
		if i%2 == 1 {
			author = bia.ID
		}
		uid, _ := domain.ParseUserID(author)
		c := domain.Comment{ID: domain.CommentID(uuid.New()), PostID: postID, AuthorID: uid,
			Text: fmt.Sprint("c", i), CreatedAt: at0}
		if err := tx.InTx(ctx, func(ctx context.Context) error { _, _, err := store.Create(ctx, c); return err }); err != nil {
			t.Fatal(err)
		}
		want[c.ID.String()] = true
	}
	seen := map[string]bool{}
	cursor, pages := "", 0
	var last comment
	for {
		var pg page
		bia.Do(http.MethodGet, "/api/v1/posts/"+post+"/comments?cursor="+url.QueryEscape(cursor), nil).
			Expect(t, http.StatusOK).JSON(t, &pg)
		pages++
		for _, c := range pg.Items {
			if seen[c.ID] {
				t.Fatalf("comment %s twice", c.ID)
			}
			if last.ID != "" && (c.CreatedAt.Before(last.CreatedAt) || (c.CreatedAt.Equal(last.CreatedAt) && c.ID < last.ID)) {
				t.Fatalf("out of order: %s after %s", c.ID, last.ID)
			}
			seen[c.ID], last = true, c
		}
		if pg.NextCursor == "" {
			break
		}
		if len(pg.Items) != comments.PageSize {
			t.Fatalf("page of %d with a next cursor", len(pg.Items))
		}
		cursor = pg.NextCursor
	}
	if pages != 3 || len(seen) != len(want) {
		t.Fatalf("%d pages, %d comments, want 3 and %d", pages, len(seen), len(want))
	}
	at.ExpectProblem(t, bia.Do(http.MethodGet, "/api/v1/posts/"+post+"/comments?cursor=lixo!", nil),
		http.StatusUnprocessableEntity, comments.CodeInvalid, comments.MsgBadCursor)
	at.ExpectProblem(t, app.Client().Do(http.MethodGet, "/api/v1/posts/"+post+"/comments", nil),
		http.StatusUnauthorized, comments.CodeUnauthenticated, comments.MsgNoUserRead)
}

func TestCommentEventsReachSubscribers(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	post := ana.NewPost(t, "um post", "public")
	commentOn(t, ana, post, "primeiro")

	topic := "post:" + post
	socket := ana.Realtime(t, topic)
	nc := commentOn(t, bia, post, "segundo")
	m := socket.Next(t)
	if m.Topic != topic || m.Event.Type != "comment.created" || m.Event.Data["post_id"] != post ||
		m.Event.Data["comment_id"] != nc.ID || m.Event.Data["comment_count"] != float64(2) {
		t.Fatalf("created event = %+v", m)
	}
	ana.Do(http.MethodDelete, "/api/v1/comments/"+nc.ID, nil).Expect(t, http.StatusNoContent)
	m = socket.Next(t)
	if m.Topic != topic || m.Event.Type != "comment.deleted" || m.Event.Data["post_id"] != post ||
		m.Event.Data["comment_id"] != nc.ID || m.Event.Data["comment_count"] != float64(1) {
		t.Fatalf("deleted event = %+v", m)
	}
}

// Deleting comments while their post is deleted never deadlocks: both lock
// the post before its comments. Each comment delete answers 204 or 404.
func TestCommentDeletesRacingThePostsDeletion(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	for round := range 3 {
		post := ana.NewPost(t, "um post", "public")
		var ids []string
		for i := range 8 {
			ids = append(ids, commentOn(t, bia, post, fmt.Sprint(round, " ", i)).ID)
		}
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := bia.Do(http.MethodDelete, "/api/v1/comments/"+id, nil)
				if r.Status != http.StatusNoContent && r.Status != http.StatusNotFound {
					t.Errorf("delete comment: %d %s", r.Status, r.Body)
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if r := ana.Do(http.MethodDelete, "/api/v1/posts/"+post, nil); r.Status != http.StatusNoContent {
				t.Errorf("delete post: %d %s", r.Status, r.Body)
			}
		}()
		wg.Wait()
		app.Clock.Advance(time.Minute + time.Second) // bia's comment allowance
	}
}
