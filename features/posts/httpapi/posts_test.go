package httpapi_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"social/adapters/images"
	"social/adapters/providers/linkpreview"
	"social/adapters/providers/remoteimage"
	"social/adapters/providers/safefetch"
	"social/core/domain"
	media "social/features/media/app"
	posts "social/features/posts/app"
	"social/features/posts/httpapi"
	postsstore "social/features/posts/pgstore"
	"social/platform/pgkit"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

// post is a post as the API answers it, with the words a create names.
type post httpapi.CreatedPost

type feedPage struct {
	Items      []post `json:"items"`
	NextCursor string `json:"next_cursor"`
}

func create(t *testing.T, m *at.Member, body map[string]string) post {
	t.Helper()
	var p post
	m.Do(http.MethodPost, "/api/v1/posts", body).Expect(t, http.StatusCreated).JSON(t, &p)
	return p
}

func text(s string) map[string]string { return map[string]string{"text_content": s} }

func postCount(t *testing.T, app *at.App, handle string) int {
	t.Helper()
	var p struct {
		PostCount int `json:"post_count"`
	}
	app.Client().Do(http.MethodGet, "/api/v1/profiles/"+handle, nil).Expect(t, http.StatusOK).JSON(t, &p)
	return p.PostCount
}

func usage(t *testing.T, app *at.App, tag string) int {
	t.Helper()
	var n int
	err := app.DB.NewRaw("SELECT coalesce((SELECT usage_count FROM hashtags WHERE tag = ?), -1)", tag).Scan(context.Background(), &n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestCreatePostRules(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")

	at.ExpectProblem(t, app.Client().Do(http.MethodPost, "/api/v1/posts", text("oi")), http.StatusUnauthorized,
		posts.CodeUnauthenticated, posts.MsgNoUser)
	for _, blank := range []string{"", "   ", "\n\t"} {
		r := ana.Do(http.MethodPost, "/api/v1/posts", text(blank))
		at.ExpectProblem(t, r, http.StatusUnprocessableEntity, posts.CodeEmpty, "Por favor, adicione algum conteúdo ao post.")
		if f := r.Problem(t).Field("text_content"); f != "Por favor, adicione algum conteúdo ao post." {
			t.Fatalf("field = %q", f)
		}
	}
	for _, typ := range []string{"image", "video"} {
		at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "foto", "type": typ}),
			http.StatusUnprocessableEntity, posts.CodeEmpty, "Por favor, adicione algum conteúdo ao post.")
	}
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/posts", text(strings.Repeat("é", 281))),
		http.StatusUnprocessableEntity, posts.CodeTooLong, "O post pode ter no máximo 280 caracteres.")
	ana.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "x", "visibility": "secret"}).
		Expect(t, http.StatusUnprocessableEntity)
	if n := postCount(t, app, "ana"); n != 0 {
		t.Fatalf("post_count after refusals = %d", n)
	}

	long := create(t, ana, text(strings.Repeat("é", 280)))
	if long.Type != "text" || long.Visibility != "public" || long.Author.Handle != "ana" || long.AuthorID != ana.ID {
		t.Fatalf("post = %+v", long)
	}
	p := create(t, ana, text("Olá #Go #go #Rio_2026 @Bia @bia, veja"))
	if fmt.Sprint(p.Hashtags) != "[go rio_2026]" || fmt.Sprint(p.Mentions) != "[bia]" {
		t.Fatalf("hashtags %v mentions %v", p.Hashtags, p.Mentions)
	}
	if usage(t, app, "go") != 1 || usage(t, app, "rio_2026") != 1 || usage(t, app, "Go") != -1 {
		t.Fatal("hashtags not counted once, lowercase")
	}
	q := create(t, ana, map[string]string{"text_content": "de novo #GO", "visibility": "friends_only"})
	if usage(t, app, "go") != 2 || postCount(t, app, "ana") != 3 {
		t.Fatalf("usage %d, post_count %d", usage(t, app, "go"), postCount(t, app, "ana"))
	}
	ana.Do(http.MethodDelete, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusNoContent)
	if usage(t, app, "go") != 1 || usage(t, app, "rio_2026") != 0 || postCount(t, app, "ana") != 2 {
		t.Fatalf("after delete: usage go %d rio %d, post_count %d", usage(t, app, "go"), usage(t, app, "rio_2026"), postCount(t, app, "ana"))
	}
	ana.Do(http.MethodDelete, "/api/v1/posts/"+q.ID, nil).Expect(t, http.StatusNoContent)
	if usage(t, app, "go") != 0 || postCount(t, app, "ana") != 1 {
		t.Fatal("second delete not counted")
	}
}

func TestUpdateAndDeleteRules(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	p := create(t, ana, text("primeiro"))
	path := "/api/v1/posts/" + p.ID

	at.ExpectProblem(t, bia.Do(http.MethodPatch, path, text("meu")), http.StatusForbidden, posts.CodeNotAuthor, posts.MsgNotAuthorEdit)
	at.ExpectProblem(t, ana.Do(http.MethodPatch, path, text(" ")), http.StatusUnprocessableEntity, posts.CodeEmpty, domain.MsgPostEmpty)
	at.ExpectProblem(t, app.Client().Do(http.MethodPatch, path, text("x")), http.StatusUnauthorized, posts.CodeUnauthenticated, "")
	var got post
	ana.Do(http.MethodPatch, path, text("editado")).Expect(t, http.StatusOK).JSON(t, &got)
	if got.TextContent == nil || *got.TextContent != "editado" {
		t.Fatalf("updated = %+v", got)
	}
	ana.Do(http.MethodPatch, path, map[string]any{"text_content": "x", "like_count": 9}).Expect(t, http.StatusUnprocessableEntity)

	at.ExpectProblem(t, app.Client().Do(http.MethodDelete, path, nil), http.StatusUnauthorized, posts.CodeUnauthenticated,
		"Você precisa estar logado para excluir posts.")
	at.ExpectProblem(t, bia.Do(http.MethodDelete, path, nil), http.StatusForbidden, posts.CodeNotAuthor,
		"Você só pode excluir seus próprios posts.")
	for _, missing := range []string{uuid.NewString(), "nao-e-id"} {
		at.ExpectProblem(t, ana.Do(http.MethodDelete, "/api/v1/posts/"+missing, nil), http.StatusNotFound, posts.CodeNotFound, "Post não encontrado.")
	}
	ana.Do(http.MethodDelete, path, nil).Expect(t, http.StatusNoContent)
	at.ExpectProblem(t, ana.Do(http.MethodDelete, path, nil), http.StatusNotFound, posts.CodeNotFound, "Post não encontrado.")
	at.ExpectProblem(t, ana.Do(http.MethodGet, path, nil), http.StatusNotFound, posts.CodeNotFound, "Post não encontrado.")

	// friends_only: only the author reads, likes, edits or deletes it for now.
	f := create(t, ana, map[string]string{"text_content": "só amigos", "visibility": "friends_only"})
	fp := "/api/v1/posts/" + f.ID
	ana.Do(http.MethodGet, fp, nil).Expect(t, http.StatusOK)
	at.ExpectProblem(t, bia.Do(http.MethodGet, fp, nil), http.StatusNotFound, posts.CodeNotFound, posts.MsgNotFound)
	at.ExpectProblem(t, bia.Do(http.MethodPut, fp+"/like", nil), http.StatusNotFound, posts.CodeNotFound, posts.MsgNotFound)
	at.ExpectProblem(t, bia.Do(http.MethodPost, fp+"/share", nil), http.StatusNotFound, posts.CodeNotFound, posts.MsgNotFound)
	at.ExpectProblem(t, bia.Do(http.MethodDelete, fp, nil), http.StatusNotFound, posts.CodeNotFound, posts.MsgNotFound)
	ana.Do(http.MethodPut, fp+"/like", nil).Expect(t, http.StatusOK)

	// Shares count atomically.
	s := create(t, ana, text("compartilhe"))
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() { defer wg.Done(); bia.Do(http.MethodPost, "/api/v1/posts/"+s.ID+"/share", nil) }()
	}
	wg.Wait()
	var sh struct {
		ShareCount int `json:"share_count"`
	}
	bia.Do(http.MethodPost, "/api/v1/posts/"+s.ID+"/share", nil).Expect(t, http.StatusOK).JSON(t, &sh)
	if sh.ShareCount != 11 {
		t.Fatalf("share_count = %d", sh.ShareCount)
	}
}

func TestLikes(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	p := create(t, ana, text("curta"))
	like := "/api/v1/posts/" + p.ID + "/like"
	var st struct {
		LikeCount int  `json:"like_count"`
		IsLiked   bool `json:"is_liked"`
	}
	at.ExpectProblem(t, app.Client().Do(http.MethodPut, like, nil), http.StatusUnauthorized, posts.CodeUnauthenticated, posts.MsgNoUserLike)
	at.ExpectProblem(t, ana.Do(http.MethodPut, "/api/v1/posts/"+uuid.NewString()+"/like", nil), http.StatusNotFound, posts.CodeNotFound, posts.MsgNotFound)
	for range 2 {
		ana.Do(http.MethodPut, like, nil).Expect(t, http.StatusOK).JSON(t, &st)
		if st.LikeCount != 1 || !st.IsLiked {
			t.Fatalf("like = %+v", st)
		}
	}
	var got post
	ana.Do(http.MethodGet, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if !got.IsLiked || got.LikeCount != 1 {
		t.Fatalf("post = %+v", got)
	}
	for range 2 {
		ana.Do(http.MethodDelete, like, nil).Expect(t, http.StatusOK).JSON(t, &st)
		if st.LikeCount != 0 || st.IsLiked {
			t.Fatalf("unlike = %+v", st)
		}
	}

	const n = 50
	members := make([]*at.Member, n)
	for i := range members {
		members[i] = app.Member(fmt.Sprintf("membro_%02d", i))
	}
	var wg sync.WaitGroup
	statuses := make(chan int, n*3)
	for i, m := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Odd members end liking, even ones end not liking.
			for k := range 2 + i%2 {
				method := http.MethodPut
				if k%2 == 1 {
					method = http.MethodDelete
				}
				statuses <- m.Do(method, like, nil).Status
			}
		}()
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusOK {
			t.Fatalf("toggle status %d", s)
		}
	}
	var rows, count int
	ctx := context.Background()
	if err := app.DB.NewRaw("SELECT count(*) FROM likes WHERE post_id = ?", p.ID).Scan(ctx, &rows); err != nil {
		t.Fatal(err)
	}
	if err := app.DB.NewRaw("SELECT like_count FROM posts WHERE id = ?", p.ID).Scan(ctx, &count); err != nil {
		t.Fatal(err)
	}
	if rows != n/2 || count != rows {
		t.Fatalf("likes rows %d, like_count %d, want %d", rows, count, n/2)
	}
}

func readFeed(t *testing.T, m *at.Member, algorithm string, limit int) []post {
	t.Helper()
	var all []post
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 100 {
			t.Fatal("feed does not end")
		}
		var pg feedPage
		m.Do(http.MethodGet, fmt.Sprintf("/api/v1/feed?algorithm=%s&limit=%d&cursor=%s", algorithm, limit, url.QueryEscape(cursor)), nil).
			Expect(t, http.StatusOK).JSON(t, &pg)
		if len(pg.Items) > limit {
			t.Fatalf("page of %d > %d", len(pg.Items), limit)
		}
		all = append(all, pg.Items...)
		if pg.NextCursor == "" {
			return all
		}
		cursor = pg.NextCursor
	}
}

func TestFeedPagination(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	want := map[string]bool{}
	for i := range 11 {
		// Several posts share created_at: the clock moves every third post.
		if i%3 == 0 {
			app.Clock.Advance(time.Minute)
		}
		m := ana
		if i%2 == 1 {
			m = bia
		}
		want[create(t, m, text(fmt.Sprintf("post %d", i))).ID] = true
		create(t, m, map[string]string{"text_content": "privado", "visibility": "friends_only"})
	}
	liked := ""
	for id := range want {
		liked = id
		break
	}
	bia.Do(http.MethodPut, "/api/v1/posts/"+liked+"/like", nil).Expect(t, http.StatusOK)

	for _, limit := range []int{1, 3, 4, 50} {
		got := readFeed(t, bia, "chronological", limit)
		seen := map[string]bool{}
		for i, p := range got {
			if !want[p.ID] || seen[p.ID] || p.Visibility != "public" {
				t.Fatalf("limit %d: unexpected or repeated %+v", limit, p)
			}
			seen[p.ID] = true
			if i > 0 && (p.CreatedAt.After(got[i-1].CreatedAt) || (p.CreatedAt.Equal(got[i-1].CreatedAt) && p.ID > got[i-1].ID)) {
				t.Fatalf("limit %d: not newest first at %d", limit, i)
			}
			if p.IsLiked != (p.ID == liked) || p.Author.Handle == "" || p.Author.DisplayName == "" {
				t.Fatalf("item %+v", p)
			}
		}
		if len(seen) != len(want) {
			t.Fatalf("limit %d: %d of %d posts", limit, len(seen), len(want))
		}
	}
	at.ExpectProblem(t, bia.Do(http.MethodGet, "/api/v1/feed?cursor=lixo", nil), http.StatusUnprocessableEntity, posts.CodeInvalid, posts.MsgBadCursor)
	bia.Do(http.MethodGet, "/api/v1/feed?limit=51", nil).Expect(t, http.StatusUnprocessableEntity)
	bia.Do(http.MethodGet, "/api/v1/feed?algorithm=outro", nil).Expect(t, http.StatusUnprocessableEntity)
	app.Client().Do(http.MethodGet, "/api/v1/feed", nil).Expect(t, http.StatusUnauthorized)
}

func TestRankedFeed(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana")
	likers := make([]*at.Member, 10)
	for i := range likers {
		likers[i] = app.Member(fmt.Sprintf("fa_%02d", i))
	}
	// Times come from the test clock, moved between posts: no fixture writes.
	created := map[string]time.Time{}
	ids := map[string]string{}
	mk := func(name string) {
		p := create(t, ana, text(name))
		ids[name], created[name] = p.ID, p.CreatedAt
	}
	refresh := func() { ana.Token = ana.SignIn(ana.Email, at.Password).AccessToken }
	mk("velho") // 0 likes, over 100 hours old at the end: recency 0
	app.Clock.Advance(101 * time.Hour)
	refresh()
	mk("curtido") // 10 likes, 6 hours old at the end
	app.Clock.Advance(2 * time.Hour)
	refresh()
	mk("medio") // 1 like, 4 hours old
	app.Clock.Advance(3 * time.Hour)
	refresh()
	mk("novo") // 0 likes, 1 hour old
	app.Clock.Advance(time.Hour)
	// Access tokens live 15 minutes: sign in again at the new time.
	for _, m := range append(likers, ana) {
		m.Token = m.SignIn(m.Email, at.Password).AccessToken
	}
	likes := map[string]int{"velho": 0, "curtido": 10, "medio": 1, "novo": 0}
	for name, n := range likes {
		for _, m := range likers[:n] {
			m.Do(http.MethodPut, "/api/v1/posts/"+ids[name]+"/like", nil).Expect(t, http.StatusOK)
		}
	}
	now := app.Clock.Now()
	score := func(name string) float64 {
		rec := math.Max(0, 100-now.Sub(created[name]).Hours())
		return 0.6*rec + 0.3*math.Log(float64(likes[name]+1))*10
	}
	names := []string{"velho", "curtido", "medio", "novo"}
	sort.Slice(names, func(i, j int) bool { return score(names[i]) > score(names[j]) })
	if names[0] != "curtido" {
		t.Fatalf("fixture does not separate ranked from chronological: %v", names)
	}
	got := readFeed(t, ana, "ranked", 2)
	if len(got) != 4 {
		t.Fatalf("ranked has %d posts", len(got))
	}
	for i, p := range got {
		if p.ID != ids[names[i]] {
			t.Fatalf("ranked position %d = %s, want %s (%v)", i, *p.TextContent, names[i], names)
		}
	}
	chrono := readFeed(t, ana, "chronological", 50)
	if *chrono[0].TextContent != "novo" {
		t.Fatalf("chronological first = %s", *chrono[0].TextContent)
	}
}

func TestLinkPreviewJob(t *testing.T) {
	t.Parallel()
	picture := pngWithText(t)
	var pictureHits counter
	var page *httptest.Server
	page = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/capa.png" {
			pictureHits.add(r.URL.Path)
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write(picture)
			return
		}
		if r.URL.Path == "/bin" {
			w.Header().Set("Content-Type", "application/octet-stream")
			_, _ = w.Write([]byte{0, 1, 2})
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = fmt.Fprintf(w, `<html><head><meta property="og:title" content="Título da página">
<meta property="og:description" content="Uma descrição"><meta property="og:site_name" content="Exemplo">
<meta property="og:image" content="%s/capa.png"><title>t</title></head><body>oi</body></html>`, page.URL)
	}))
	t.Cleanup(page.Close)
	app := at.Start(t, nil)
	ana := app.Member("ana")
	p := create(t, ana, text("veja "+page.URL+"/pagina. legal"))
	plain := create(t, ana, text("sem link"))
	ctx := context.Background()
	var jobs int
	if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'posts.fill_link_preview' AND args->>'post_id' = ?`, p.ID).
		Scan(ctx, &jobs); err != nil {
		t.Fatal(err)
	}
	var none int
	if err := app.DB.NewRaw(`SELECT count(*) FROM river_job WHERE kind = 'posts.fill_link_preview' AND args->>'post_id' = ?`, plain.ID).
		Scan(ctx, &none); err != nil {
		t.Fatal(err)
	}
	if jobs != 1 || none != 0 {
		t.Fatalf("jobs %d for the post with a link, %d without", jobs, none)
	}

	// The app's own worker refuses the loopback page (SSRF guard). The same
	// worker on the real previewer, allowed to reach the test page, fills.
	addr := strings.TrimPrefix(page.URL, "http://")
	client := safefetch.New(safefetch.Options{AllowedTestAddrs: []string{addr}, AnyPort: true})
	previewer := linkpreview.New(client, linkpreview.Options{})
	w := &postsstore.FillLinkPreviewWorker{Fill: &posts.FillLinkPreview{Posts: postsstore.NewPosts(app.DB), Previews: previewer,
		Images: &media.CopyRemoteImage{Fetch: remoteimage.New(client), Images: images.New(images.Options{}), Blobs: app.Blobs},
		Clock:  app.Clock, Log: testkit.Logger()}}
	pid := uuid.MustParse(p.ID)
	for range 2 { // idempotent: the second run keeps the copy
		if err := w.Work(ctx, &river.Job[postsstore.FillLinkPreviewArgs]{Args: postsstore.FillLinkPreviewArgs{PostID: pid}}); err != nil {
			t.Fatal(err)
		}
	}
	var got post
	ana.Do(http.MethodGet, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.LinkPreviewURL == nil || !strings.HasSuffix(*got.LinkPreviewURL, "/pagina") || got.LinkPreviewTitle == nil ||
		*got.LinkPreviewTitle != "Título da página" || got.LinkPreviewDescription == nil || *got.LinkPreviewDescription != "Uma descrição" ||
		got.LinkPreviewSiteName == nil || *got.LinkPreviewSiteName != "Exemplo" || got.LinkPreviewImageURL == nil ||
		!strings.HasPrefix(*got.LinkPreviewImageURL, "/media/posts/"+ana.ID+"/") || pictureHits.get("/capa.png") != 1 {
		t.Fatalf("preview = %+v (picture fetched %d times)", got, pictureHits.get("/capa.png"))
	}
	// A page that is not HTML is final: the job is cancelled, not retried.
	bin := create(t, ana, text("arquivo "+page.URL+"/bin"))
	err := w.Work(ctx, &river.Job[postsstore.FillLinkPreviewArgs]{Args: postsstore.FillLinkPreviewArgs{PostID: uuid.MustParse(bin.ID)}})
	var cancel *river.JobCancelError
	if !errors.As(err, &cancel) {
		t.Fatalf("non-HTML page: %v, want a cancel", err)
	}
	// A deleted post is done.
	ana.Do(http.MethodDelete, "/api/v1/posts/"+bin.ID, nil).Expect(t, http.StatusNoContent)
	if err := w.Work(ctx, &river.Job[postsstore.FillLinkPreviewArgs]{Args: postsstore.FillLinkPreviewArgs{PostID: uuid.MustParse(bin.ID)}}); err != nil {
		t.Fatalf("deleted post: %v", err)
	}
}

func TestRealtimeEvents(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	old := create(t, ana, text("antigo"))

	socket := bia.Realtime(t, "feed:public", "post:"+old.ID)
	read := func() at.SocketMessage { t.Helper(); return socket.Next(t) }
	create(t, ana, map[string]string{"text_content": "privado", "visibility": "friends_only"})
	p := create(t, ana, text("novo"))
	if m := read(); m.Topic != "feed:public" || m.Event.Type != "post.created" || m.Event.Data["id"] != p.ID ||
		m.Event.Data["author_id"] != ana.ID {
		t.Fatalf("event = %+v (a friends_only post must not be announced)", m)
	}
	bia.Do(http.MethodPut, "/api/v1/posts/"+old.ID+"/like", nil).Expect(t, http.StatusOK)
	if m := read(); m.Topic != "post:"+old.ID || m.Event.Type != "post.liked" || m.Event.Data["like_count"] != float64(1) {
		t.Fatalf("like event = %+v", m)
	}
	bia.Do(http.MethodDelete, "/api/v1/posts/"+old.ID+"/like", nil).Expect(t, http.StatusOK)
	if m := read(); m.Event.Type != "post.unliked" || m.Event.Data["like_count"] != float64(0) {
		t.Fatalf("unlike event = %+v", m)
	}
}

// A like that races a delete of the same post answers "not found", not an
// error: the delete holds the post's row, the like's foreign-key check waits
// for it and then finds the post gone.
func TestLikeRacingADeleteFindsThePostGone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana_corrida"), app.Member("bia_corrida")
	p := create(t, ana, text("vai sumir"))
	id, err := domain.ParsePostID(p.ID)
	if err != nil {
		t.Fatal(err)
	}
	liker, err := domain.ParseUserID(bia.ID)
	if err != nil {
		t.Fatal(err)
	}
	store := postsstore.NewPosts(app.DB)
	stored, err := store.ByID(ctx, id)
	if err != nil {
		t.Fatal(err)
	}

	deleting, release, deleted := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		deleted <- pgkit.NewTransactor(app.DB).InTx(ctx, func(ctx context.Context) error {
			err := store.Delete(ctx, stored)
			close(deleting)
			<-release // commit only once the like is waiting on the row
			return err
		})
	}()
	<-deleting
	liked := make(chan error, 1)
	go func() {
		_, _, err := store.Like(ctx, id, liker, time.Now())
		liked <- err
	}()
	testkit.WaitForLockWait(t, app.DB, `%INSERT INTO likes%`) // the like waits on the post's row
	close(release)
	if err := <-deleted; err != nil {
		t.Fatalf("delete: %v", err)
	}
	if err := <-liked; !errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("like racing a delete: err = %v, want domain.ErrNotFound", err)
	}
}
