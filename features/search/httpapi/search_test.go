package httpapi_test

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"social/adapters/postgres"
	"social/core/ports"
	search "social/features/search/app"
	searchstore "social/features/search/pgstore"
	"social/platform/pgkit"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type item struct {
	Type     string  `json:"type"`
	ID       string  `json:"id"`
	Title    string  `json:"title"`
	Subtitle string  `json:"subtitle"`
	Avatar   *string `json:"avatar"`
	Variants []struct {
		URL   string `json:"url"`
		Width int    `json:"width"`
	} `json:"avatar_variants"`
	Verified    bool `json:"verified"`
	MemberCount *int `json:"member_count"`
}

type results struct {
	Items []item `json:"items"`
}

func find(t *testing.T, m *at.Member, q string) []item {
	t.Helper()
	var r results
	m.Do(http.MethodGet, "/api/v1/search?q="+url.QueryEscape(q), nil).Expect(t, http.StatusOK).JSON(t, &r)
	if r.Items == nil {
		t.Fatalf("search %q: items is null", q)
	}
	return r.Items
}

// eventually polls the search until ok holds (the job runs in the app's
// River client).
func eventually(t *testing.T, m *at.Member, q string, ok func([]item) bool) []item {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		items := find(t, m, q)
		if ok(items) {
			return items
		}
		if time.Now().After(deadline) {
			t.Fatalf("search %q: gave up at %+v", q, items)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func has(id string) func([]item) bool {
	return func(items []item) bool {
		for _, it := range items {
			if it.ID == id {
				return true
			}
		}
		return false
	}
}

func not(f func([]item) bool) func([]item) bool { return func(i []item) bool { return !f(i) } }

// enqueue asks for kind/id to be indexed inside a committed transaction,
// as the features' writes do.
func enqueue(t *testing.T, app *at.App, kind ports.SearchKind, ids ...string) {
	t.Helper()
	q := searchstore.NewSearchQueue(app.DB)
	err := pgkit.NewTransactor(app.DB).InTx(context.Background(), func(ctx context.Context) error {
		for _, id := range ids {
			if err := q.EnqueueIndex(ctx, kind, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestSearchThroughJobs(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana := app.Member("ana_silva")
	joao := app.Member("joao_pedro")
	ctx := context.Background()
	if _, err := app.DB.NewRaw(`UPDATE profiles SET display_name = 'João Pedro', is_verified = true,
		avatar_path = ? WHERE id = ?`, "avatars/"+joao.ID+"/avatar-1-sq48_96.jpg", joao.ID).Exec(ctx); err != nil {
		t.Fatal(err)
	}

	// Without a session: 401.
	r := app.Client().Do(http.MethodGet, "/api/v1/search?q=ana", nil).Expect(t, http.StatusUnauthorized)
	if p := r.Problem(t); p.Code != search.CodeUnauthenticated || p.Detail == "" {
		t.Fatalf("problem = %+v", p)
	}
	// Sign-up indexed both members; the name set behind the API's back
	// above is picked up once a job reads the row again.
	eventually(t, ana, "ana_silva", has(ana.ID))
	long := "Ouvindo Música boa com a comunidade " + strings.Repeat("lá ", 30)
	public := ana.NewPost(t, long, "public")
	ana.NewPost(t, "Música só para amigos", "friends_only")
	enqueue(t, app, ports.SearchUser, joao.ID)

	items := eventually(t, ana, "joao", func(items []item) bool { return len(items) == 1 && items[0].Title == "João Pedro" })
	u := items[0]
	if len(items) != 1 || u.Type != "user" || u.Title != "João Pedro" || u.Subtitle != "@joao_pedro" || !u.Verified ||
		u.Avatar == nil || !strings.Contains(*u.Avatar, "avatar-1-sq48_96.jpg") || u.MemberCount != nil {
		t.Fatalf("user item = %+v", items)
	}
	// The row's small circle loads a square copy, not the original.
	if len(u.Variants) != 2 || u.Variants[0].Width != 48 || u.Variants[1].Width != 96 ||
		!strings.Contains(u.Variants[0].URL, "avatar-1-sq48_96-w48.webp") {
		t.Fatalf("avatar copies = %+v", u.Variants)
	}
	items = eventually(t, ana, "  musica  ", has(public))
	p := items[0]
	if len(items) != 1 || p.Type != "post" || !strings.HasSuffix(p.Title, "...") || len([]rune(p.Title)) != 103 ||
		p.Subtitle != "por Membro ana_silva (@ana_silva)" || p.Avatar != nil || p.Variants == nil || len(p.Variants) != 0 {
		t.Fatalf("post items = %+v", items)
	}
	if items := find(t, joao, "ana_s"); len(items) != 1 || items[0].ID != ana.ID {
		t.Fatalf("prefix: %+v", items)
	}
	if items := find(t, joao, "comunidades"); len(items) != 1 || items[0].ID != public {
		t.Fatalf("stemming: %+v", items)
	}
	if items := find(t, ana, `"foo: *)(&|!`); len(items) != 0 {
		t.Fatalf("syntax: %+v", items)
	}
	if items := find(t, ana, " "); len(items) != 0 {
		t.Fatalf("blank: %+v", items)
	}

	// The post write paths enqueue their own jobs: an edit no longer
	// matches its old text, a deleted post disappears.
	ana.Do(http.MethodPatch, "/api/v1/posts/"+public, map[string]string{"text_content": "Samba no domingo"}).
		Expect(t, http.StatusOK)
	eventually(t, ana, "musica", not(has(public)))
	eventually(t, ana, "samba", has(public))
	ana.Do(http.MethodDelete, "/api/v1/posts/"+public, nil).Expect(t, http.StatusNoContent)
	eventually(t, ana, "samba", not(has(public)))
}

func TestSearchFiveOfEachKind(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	var ids []string
	var last *at.Member
	for i := range 7 {
		last = app.Member("forro_" + string(rune('a'+i)))
		ids = append(ids, last.ID)
	}
	enqueue(t, app, ports.SearchUser, ids...)
	eventually(t, last, "forro", func(items []item) bool { return len(items) == 5 })
}

// A request committed while no server runs is taken once one starts.
func TestQueuedDocumentWaitsForAServer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dbURL := testkit.NewDatabase(t)
	pool, err := postgres.NewPool(ctx, dbURL, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	db := postgres.NewBun(pool)
	defer db.Close()
	id := uuid.New()
	now := time.Now().UTC()
	if _, err := db.NewRaw(`INSERT INTO accounts (id, email, password_hash, confirmed_at, created_at, updated_at)
		VALUES (?, 'lia@example.com', 'x', ?, ?, ?)`, id, now, now, now).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.NewRaw(`INSERT INTO profiles (id, handle, display_name, created_at, updated_at)
		VALUES (?, 'lia_souza', 'Lia Souza', ?, ?)`, id, now, now).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	queue := searchstore.NewSearchQueue(db)
	err = pgkit.NewTransactor(db).InTx(ctx, func(ctx context.Context) error {
		return queue.EnqueueIndex(ctx, ports.SearchUser, id.String())
	})
	if err != nil {
		t.Fatal(err)
	}
	// A rolled-back transaction leaves no request.
	_ = pgkit.NewTransactor(db).InTx(ctx, func(ctx context.Context) error {
		if err := queue.EnqueueIndex(ctx, ports.SearchUser, uuid.NewString()); err != nil {
			return err
		}
		return errors.New("roll back")
	})
	if n := queued(t, db); n != 1 {
		t.Fatalf("queued = %d", n)
	}

	cfg := testkit.Config(dbURL)
	cfg.Search.Driver = "postgres"
	var index ports.SearchIndex
	testkit.StartApp(t, cfg, nil, &index)
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := index.Search(ctx, "lia_s", []ports.SearchKind{ports.SearchUser}, 5)
		if err != nil {
			t.Fatal(err)
		}
		if len(res[ports.SearchUser]) == 1 && res[ports.SearchUser][0].DisplayName == "Lia Souza" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not indexed: %+v", res)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if n := queued(t, db); n != 0 {
		t.Fatalf("queued after indexing = %d", n)
	}
}

func queued(t *testing.T, db *bun.DB) int {
	t.Helper()
	n, err := db.NewSelect().TableExpr("search_queue").Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}
