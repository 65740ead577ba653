package stories_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports"
	"social/platform/pgkit"
	"social/plugins/stories/app"
	"social/plugins/stories/pgstore"
	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type story struct {
	ID        string `json:"id"`
	AuthorID  string `json:"author_id"`
	Text      string `json:"text"`
	ViewCount *int   `json:"view_count"`
	Viewed    bool   `json:"viewed"`
	Author    struct {
		Handle string `json:"handle"`
	} `json:"author"`
	CreatedAt time.Time `json:"created_at"`
	ExpiresAt time.Time `json:"expires_at"`
}

type screen struct {
	Items    []story  `json:"items"`
	Trending []string `json:"trending"`
}

// viewerHandles is the handles in the author's list of who viewed a story.
func viewerHandles(t *testing.T, author *at.Member, story string) []string {
	t.Helper()
	var page struct {
		Items []struct {
			Profile struct {
				Handle string `json:"handle"`
			} `json:"profile"`
		} `json:"items"`
	}
	author.Do(http.MethodGet, "/api/v1/stories/"+story+"/viewers", nil).Expect(t, http.StatusOK).JSON(t, &page)
	handles := make([]string, len(page.Items))
	for i, it := range page.Items {
		handles[i] = it.Profile.Handle
	}
	return handles
}

func follow(t *testing.T, who *at.Member, whom *at.Member) {
	t.Helper()
	who.Do(http.MethodPost, "/api/v1/profiles/"+whom.Handle+"/follow", nil).Expect(t, http.StatusOK)
}

func post(t *testing.T, m *at.Member, text string) story {
	t.Helper()
	var s story
	m.Do(http.MethodPost, "/api/v1/stories", map[string]string{"text": text}).Expect(t, http.StatusCreated).JSON(t, &s)
	return s
}

func list(t *testing.T, m *at.Member) screen {
	t.Helper()
	var s screen
	m.Do(http.MethodGet, "/api/v1/stories", nil).Expect(t, http.StatusOK).JSON(t, &s)
	return s
}

func rows(t *testing.T, a *at.App, table string) int {
	t.Helper()
	var n int
	if err := a.DB.NewRaw("SELECT count(*) FROM "+table).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Only the author and their followers read a story; the count and the
// viewers are the author's alone.
func TestWhoReads(t *testing.T) {
	a := at.Start(t, nil)
	bia, ana, caio := a.Member("bia"), a.Member("ana"), a.Member("caio")
	follow(t, ana, bia)
	s := post(t, bia, "Bom dia!")

	got := list(t, ana)
	if len(got.Items) != 1 || got.Items[0].ID != s.ID || got.Items[0].ViewCount != nil || got.Items[0].Viewed {
		t.Fatalf("follower's screen %+v", got)
	}
	if c := list(t, caio); len(c.Items) != 0 || len(c.Trending) != 0 {
		t.Fatalf("a stranger sees %+v", c)
	}
	for _, r := range []*at.Response{
		caio.Do(http.MethodGet, "/api/v1/stories/"+s.ID, nil),
		caio.Do(http.MethodPost, "/api/v1/stories/"+s.ID+"/view", nil),
		caio.Do(http.MethodGet, "/api/v1/stories/"+s.ID+"/viewers", nil),
		caio.Do(http.MethodDelete, "/api/v1/stories/"+s.ID, nil),
		ana.Do(http.MethodGet, "/api/v1/stories/not-an-id", nil),
	} {
		at.ExpectProblem(t, r, http.StatusNotFound, "story_not_found", "Story não encontrado ou já expirado")
	}
	at.ExpectProblem(t, a.Client().Do(http.MethodGet, "/api/v1/stories/"+s.ID, nil), http.StatusUnauthorized, "unauthenticated", "")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/stories", map[string]string{"text": "  \n "}),
		http.StatusUnprocessableEntity, "story_text_required", "Escreva algo para publicar seu story")
	at.ExpectProblem(t, ana.Do(http.MethodGet, "/api/v1/stories/"+s.ID+"/viewers", nil),
		http.StatusForbidden, "story_author_only", "Apenas o autor do story pode fazer isso")
	at.ExpectProblem(t, ana.Do(http.MethodDelete, "/api/v1/stories/"+s.ID, nil), http.StatusForbidden, "story_author_only", "")

	// Unfollowing closes the story again.
	ana.Do(http.MethodDelete, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)
	at.ExpectProblem(t, ana.Do(http.MethodGet, "/api/v1/stories/"+s.ID, nil), http.StatusNotFound, "story_not_found", "")

	// The console lists it with its author's handle, for administrators only.
	at.ExpectProblem(t, ana.Do(http.MethodGet, "/api/v1/admin/stories?range=[0,9]", nil), http.StatusForbidden, "admin_access_closed", "")
	var admin []map[string]any
	a.Staff("chefe", domain.RoleAdmin).Do(http.MethodGet, "/api/v1/admin/stories?range=[0,9]", nil).Expect(t, http.StatusOK).JSON(t, &admin)
	if len(admin) != 1 || admin[0]["id"] != s.ID || admin[0]["author_handle"] != "bia" || admin[0]["text"] != "Bom dia!" {
		t.Fatalf("admin %+v", admin)
	}

	bia.Do(http.MethodDelete, "/api/v1/stories/"+s.ID, nil).Expect(t, http.StatusNoContent)
	if n := rows(t, a, "stories"); n != 0 {
		t.Fatalf("deleted story kept: %d", n)
	}
}

// A view counts once per member, never the author's own, even when the
// same member opens it many times at once.
func TestViewsAreExact(t *testing.T) {
	a := at.Start(t, nil)
	bia := a.Member("bia")
	viewers := []*at.Member{a.Member("ana"), a.Member("caio"), a.Member("duda")}
	for _, v := range viewers {
		follow(t, v, bia)
	}
	s := post(t, bia, "Quem viu?")
	live := bia.Realtime(t, "stories:"+bia.ID)

	var wg sync.WaitGroup
	for _, v := range viewers {
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := v.Do(http.MethodPost, "/api/v1/stories/"+s.ID+"/view", nil)
				if r.Status != http.StatusOK {
					t.Errorf("view by %s: %d %s", v.Handle, r.Status, r.Body)
				}
			}()
		}
	}
	wg.Wait()
	bia.Do(http.MethodPost, "/api/v1/stories/"+s.ID+"/view", nil).Expect(t, http.StatusOK)

	// One story.viewed per new viewer, the counts 1, 2, 3 in some order.
	seen := map[float64]bool{}
	for range viewers {
		data := live.Event(t, "story.viewed")
		if data["id"] != s.ID {
			t.Fatalf("event %+v", data)
		}
		seen[data["view_count"].(float64)] = true
	}
	if len(seen) != 3 || !seen[1] || !seen[2] || !seen[3] {
		t.Fatalf("counts told %v", seen)
	}

	var mine story
	bia.Do(http.MethodGet, "/api/v1/stories/"+s.ID, nil).Expect(t, http.StatusOK).JSON(t, &mine)
	if mine.ViewCount == nil || *mine.ViewCount != 3 {
		t.Fatalf("author's count %v, want 3", mine.ViewCount)
	}
	if n := rows(t, a, "story_views"); n != 3 {
		t.Fatalf("%d view rows, want 3", n)
	}
	if got := viewerHandles(t, bia, s.ID); len(got) != 3 {
		t.Fatalf("viewers %v", got)
	}
	got := list(t, viewers[0])
	if !got.Items[0].Viewed || got.Items[0].ViewCount != nil {
		t.Fatalf("viewer's screen %+v", got.Items[0])
	}
}

// A follower hears a new story on their own topic, and nobody may follow
// someone else's topic.
func TestLiveNewStory(t *testing.T) {
	a := at.Start(t, nil)
	bia, ana, caio := a.Member("bia"), a.Member("ana"), a.Member("caio")
	follow(t, ana, bia)
	live := ana.Realtime(t, "stories:"+ana.ID)
	if msg := caio.Realtime(t).Subscribe(t, "stories:"+ana.ID); msg.Type != "error" {
		t.Fatalf("caio subscribed to ana's stories: %+v", msg)
	}
	s := post(t, bia, "Novidade")
	if data := live.Event(t, "story.created"); data["id"] != s.ID || data["author_id"] != bia.ID {
		t.Fatalf("event %+v", data)
	}
	// The screen reads newest first.
	a.Clock.Advance(time.Minute)
	next := post(t, bia, "Mais uma")
	if got := list(t, ana); len(got.Items) != 2 || got.Items[0].ID != next.ID || got.Items[1].ID != s.ID {
		t.Fatalf("screen %+v", got.Items)
	}
}

// A story is gone from every read at 24 hours, and the expiry job deletes
// it and its views; the clock is the test's, nothing sleeps.
func TestExpiry(t *testing.T) {
	a := at.Start(t, nil)
	bia, ana := a.Member("bia"), a.Member("ana")
	follow(t, ana, bia)
	old := post(t, bia, "Vai sumir")
	ana.Do(http.MethodPost, "/api/v1/stories/"+old.ID+"/view", nil).Expect(t, http.StatusOK)
	a.Clock.Advance(12 * time.Hour)
	// Access tokens last less than that: sign in again at the new time.
	bia.Token = bia.SignIn(bia.Email, at.Password).AccessToken
	young := post(t, bia, "Ainda aqui")

	expire := &app.ExpireStories{Stories: &app.Stories{Store: pgstore.New(a.DB), Tx: pgkit.NewTransactor(a.DB),
		Clock: a.Clock, Broadcaster: nopBroadcaster{}}}
	ctx := context.Background()

	a.Clock.Advance(12*time.Hour - time.Second)
	if n, err := expire.Handle(ctx); err != nil || n != 0 {
		t.Fatalf("one second early: expired %d, %v", n, err)
	}
	ana.Token = ana.SignIn(ana.Email, at.Password).AccessToken
	ana.Do(http.MethodGet, "/api/v1/stories/"+old.ID, nil).Expect(t, http.StatusOK)

	a.Clock.Advance(time.Second)
	// Reads hide it at once, before any job runs.
	at.ExpectProblem(t, ana.Do(http.MethodGet, "/api/v1/stories/"+old.ID, nil), http.StatusNotFound, "story_not_found", "")
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/stories/"+old.ID+"/view", nil), http.StatusNotFound, "story_not_found", "")
	if got := list(t, ana); len(got.Items) != 1 || got.Items[0].ID != young.ID {
		t.Fatalf("screen at 24h %+v", got)
	}

	if n, err := expire.Handle(ctx); err != nil || n != 1 {
		t.Fatalf("expired %d, %v; want 1", n, err)
	}
	if n, err := expire.Handle(ctx); err != nil || n != 0 {
		t.Fatalf("second run expired %d, %v; want 0", n, err)
	}
	if s, v := rows(t, a, "stories"), rows(t, a, "story_views"); s != 1 || v != 0 {
		t.Fatalf("after expiry: %d stories, %d views", s, v)
	}
}

type nopBroadcaster struct{}

func (nopBroadcaster) Publish(context.Context, string, ports.Event) error { return nil }
