package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

// followingFeed is viewer's 'Seguindo' page.
func followingFeed(t *testing.T, m *at.Member) []string {
	t.Helper()
	var page feedPage
	m.Do(http.MethodGet, "/api/v1/feed?algorithm=following", nil).Expect(t, http.StatusOK).JSON(t, &page)
	ids := make([]string, len(page.Items))
	for i, p := range page.Items {
		ids[i] = p.ID
	}
	return ids
}

// eventuallyFollowing waits for the fan-out and backfill jobs.
func eventuallyFollowing(t *testing.T, m *at.Member, want ...string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := followingFeed(t, m)
		if equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's following feed = %v, want %v", m.Handle, got, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFollowingFeed(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	old := create(t, ana, map[string]string{"text_content": "antes de bia seguir", "visibility": "friends_only"})
	caioPost := create(t, caio, text("caio fala"))

	// Own posts are in one's timeline; a follow backfills the followee's.
	eventuallyFollowing(t, ana, old.ID)
	eventuallyFollowing(t, bia)
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	eventuallyFollowing(t, bia, old.ID)

	// New posts fan out to followers only, followers-only ones included.
	priv := create(t, ana, map[string]string{"text_content": "só seguidores", "visibility": "friends_only"})
	own := create(t, bia, text("bia fala"))
	eventuallyFollowing(t, bia, own.ID, priv.ID, old.ID)
	eventuallyFollowing(t, caio, caioPost.ID)

	// An unfollow takes effect at once, before its cleanup job runs.
	bia.Do(http.MethodDelete, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	if got := followingFeed(t, bia); !equal(got, []string{own.ID}) {
		t.Fatalf("right after the unfollow: %v", got)
	}
	var rows int
	deadline := time.Now().Add(20 * time.Second)
	for {
		if err := app.DB.NewRaw(`SELECT count(*) FROM timelines WHERE member_id = ? AND author_id = ?`, bia.ID, ana.ID).
			Scan(t.Context(), &rows); err != nil {
			t.Fatal(err)
		}
		if rows == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the cleanup job left %d rows", rows)
		}
		time.Sleep(50 * time.Millisecond)
	}
	r := bia.Do(http.MethodGet, "/api/v1/feed?algorithm=following&cursor=bad", nil).Expect(t, http.StatusUnprocessableEntity)
	if p := r.Problem(t); p.Detail != "Cursor inválido." {
		t.Errorf("bad cursor problem = %+v", p)
	}
}

// TestFollowersOnlyVisibility reads a followers-only post on every path as
// its author, a follower, a stranger and an anonymous client.
func TestFollowersOnlyVisibility(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	p := create(t, ana, map[string]string{"text_content": "para seguidores #segredo", "visibility": "friends_only"})
	anon := app.Client()

	type path struct {
		name         string
		method, url  string
		body         any
		ok           int // the status of a member who may read it
		hiddenStatus int // of one who may not
	}
	paths := []path{
		{"read", http.MethodGet, "/api/v1/posts/" + p.ID, nil, http.StatusOK, http.StatusNotFound},
		{"like", http.MethodPut, "/api/v1/posts/" + p.ID + "/like", nil, http.StatusOK, http.StatusNotFound},
		{"comment", http.MethodPost, "/api/v1/posts/" + p.ID + "/comments", map[string]string{"text_content": "oi"},
			http.StatusCreated, http.StatusNotFound},
		{"thread", http.MethodGet, "/api/v1/posts/" + p.ID + "/comments", nil, http.StatusOK, http.StatusNotFound},
		{"share", http.MethodPost, "/api/v1/posts/" + p.ID + "/share", nil, http.StatusOK, http.StatusNotFound},
	}
	for _, pa := range paths {
		bia.Do(pa.method, pa.url, pa.body).Expect(t, pa.ok)
		caio.Do(pa.method, pa.url, pa.body).Expect(t, pa.hiddenStatus)
		anon.Do(pa.method, pa.url, pa.body).Expect(t, http.StatusUnauthorized)
	}
	// The follower may report it; the stranger cannot tell it exists.
	bia.Do(http.MethodPost, "/api/v1/posts/"+p.ID+"/report", map[string]string{}).Expect(t, http.StatusCreated)
	caio.Do(http.MethodPost, "/api/v1/posts/"+p.ID+"/report", map[string]string{}).Expect(t, http.StatusNotFound)

	// Never in the public feeds, for anyone; in the follower's timeline.
	for _, m := range []*at.Member{ana, bia, caio} {
		for _, alg := range []string{"chronological", "ranked"} {
			var page feedPage
			m.Do(http.MethodGet, "/api/v1/feed?algorithm="+alg, nil).Expect(t, http.StatusOK).JSON(t, &page)
			if len(page.Items) != 0 {
				t.Errorf("%s's %s feed shows %v", m.Handle, alg, page.Items)
			}
		}
	}
	eventuallyFollowing(t, bia, p.ID)
	eventuallyFollowing(t, caio)

	// Realtime: the follower may follow the post's counters, the stranger
	// is refused.
	bia.Realtime(t, "post:"+p.ID)
	if msg := caio.Realtime(t).Subscribe(t, "post:"+p.ID); msg.Type != "error" {
		t.Errorf("a stranger subscribed to post:%s: %+v", p.ID, msg)
	}
	// A later unfollow hides it again at once.
	bia.Do(http.MethodDelete, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodGet, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusNotFound)
	// The author always reads it.
	ana.Do(http.MethodGet, "/api/v1/posts/"+p.ID, nil).Expect(t, http.StatusOK)
}

func profilePosts(t *testing.T, viewer *at.Member, handle, cursor string) feedPage {
	t.Helper()
	var page feedPage
	viewer.Do(http.MethodGet, "/api/v1/profiles/"+handle+"/posts?limit=2&cursor="+cursor, nil).
		Expect(t, http.StatusOK).JSON(t, &page)
	return page
}

func TestProfilePosts(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	first := create(t, ana, text("um"))
	priv := create(t, ana, map[string]string{"text_content": "dois, para seguidores", "visibility": "friends_only"})
	last := create(t, ana, text("três"))
	create(t, caio, text("de outra pessoa"))

	// Pages of 2, newest first, each post once.
	walk := func(m *at.Member) []string {
		var ids []string
		cursor := ""
		for range 5 {
			page := profilePosts(t, m, "@ANA", cursor)
			for _, p := range page.Items {
				ids = append(ids, p.ID)
			}
			if page.NextCursor == "" {
				return ids
			}
			cursor = page.NextCursor
		}
		t.Fatal("cursor never ended")
		return nil
	}
	for _, m := range []*at.Member{ana, bia} {
		if got := walk(m); !equal(got, []string{last.ID, priv.ID, first.ID}) {
			t.Errorf("%s sees %v", m.Handle, got)
		}
	}
	if got := walk(caio); !equal(got, []string{last.ID, first.ID}) {
		t.Errorf("a stranger sees %v", got)
	}
	caio.Do(http.MethodGet, "/api/v1/profiles/ninguem/posts", nil).Expect(t, http.StatusNotFound)
	caio.Do(http.MethodGet, "/api/v1/profiles/a/posts", nil).Expect(t, http.StatusNotFound)
	caio.Do(http.MethodGet, "/api/v1/profiles/ana/posts?cursor=xyz", nil).Expect(t, http.StatusUnprocessableEntity)
	app.Client().Do(http.MethodGet, "/api/v1/profiles/ana/posts", nil).Expect(t, http.StatusUnauthorized)
}
