package mastodon_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

type statusRow struct {
	ID         string
	Content    string
	Visibility string
	Account    struct{ ID, Acct string }
}

func statuses(t *testing.T, c *at.Client, path string) ([]statusRow, http.Header) {
	t.Helper()
	var out []statusRow
	r := c.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK)
	r.JSON(t, &out)
	return out, r.Header
}

func ids(list []statusRow) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = s.ID
	}
	return out
}

var linkRe = regexp.MustCompile(`<([^>]+)>; rel="(next|prev)"`)

// links are the Link header's next and prev, as paths with their query.
func links(t *testing.T, h http.Header) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range linkRe.FindAllStringSubmatch(h.Get("Link"), -1) {
		u, err := url.Parse(m[1])
		if err != nil {
			t.Fatal(err)
		}
		out[m[2]] = u.RequestURI()
	}
	return out
}

// The home timeline is 'Seguindo': the followed members' posts (their
// followers-only ones too) and the member's own, paged by Link both ways.
func TestHomeTimelinePages(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana, rui := app.Member("lia"), app.Member("ana"), app.Member("rui")
	lia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	var posted []string
	for _, text := range []string{"um", "dois", "tres"} {
		posted = append(posted, ana.NewPost(t, text, "public"))
	}
	friends := ana.NewPost(t, "so amigos", "friends_only")
	rui.NewPost(t, "de fora", "public")
	own := lia.NewPost(t, "meu", "public")
	want := []string{own, friends, posted[2], posted[1], posted[0]}

	c := lia.AppClient(t, "read:statuses")
	all, _ := statuses(t, c, "/api/v1/timelines/home")
	if strings.Join(ids(all), ",") != strings.Join(want, ",") || all[1].Visibility != "private" {
		t.Fatalf("home: %v, want %v", ids(all), want)
	}

	first, h := statuses(t, c, "/api/v1/timelines/home?limit=2")
	if strings.Join(ids(first), ",") != strings.Join(want[:2], ",") {
		t.Fatalf("first page: %v", ids(first))
	}
	l := links(t, h)
	second, h2 := statuses(t, c, l["next"])
	if strings.Join(ids(second), ",") != strings.Join(want[2:4], ",") {
		t.Fatalf("next page (%s): %v", l["next"], ids(second))
	}
	// prev of the second page reads forward: the two just newer than it.
	back, _ := statuses(t, c, links(t, h2)["prev"])
	if strings.Join(ids(back), ",") != strings.Join(want[:2], ",") {
		t.Fatalf("prev page: %v", ids(back))
	}
	// min_id: the oldest ones just after it; since_id: the newest ones.
	minPage, _ := statuses(t, c, "/api/v1/timelines/home?limit=2&min_id="+posted[0])
	if strings.Join(ids(minPage), ",") != posted[2]+","+posted[1] {
		t.Fatalf("min_id: %v", ids(minPage))
	}
	sincePage, _ := statuses(t, c, "/api/v1/timelines/home?limit=2&since_id="+posted[0])
	if strings.Join(ids(sincePage), ",") != own+","+friends {
		t.Fatalf("since_id: %v", ids(sincePage))
	}
	between, _ := statuses(t, c, "/api/v1/timelines/home?max_id="+friends+"&since_id="+posted[0])
	if strings.Join(ids(between), ",") != posted[2]+","+posted[1] {
		t.Fatalf("max_id and since_id: %v", ids(between))
	}
	// Nothing newer: an empty page without links.
	none, h3 := statuses(t, c, "/api/v1/timelines/home?min_id="+own)
	if len(none) != 0 || h3.Get("Link") != "" {
		t.Fatalf("past the newest: %v %q", ids(none), h3.Get("Link"))
	}
	expectError(t, c.Do(http.MethodGet, "/api/v1/timelines/home?max_id=nope", nil), http.StatusUnprocessableEntity, "invalid_input")
	expectError(t, c.Do(http.MethodGet, "/api/v1/timelines/home?limit=x", nil), http.StatusUnprocessableEntity, "invalid_parameter")
	expectError(t, lia.AppClient(t, "write").Do(http.MethodGet, "/api/v1/timelines/home", nil), http.StatusForbidden, "insufficient_scope")

	// Another member's token reads their own home: not lia's.
	ruiHome, _ := statuses(t, rui.AppClient(t, "read"), "/api/v1/timelines/home")
	if len(ruiHome) != 1 || ruiHome[0].Account.Acct != "rui" {
		t.Fatalf("rui's home: %+v", ruiHome)
	}
}

// The public timeline is the public feed: no followers-only post, nobody
// the member blocked or muted, no post with a muted word; it needs a
// member, as the feed does. A hashtag's timeline reads the same way.
func TestPublicAndTagTimelines(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana, rui, bia := app.Member("lia"), app.Member("ana"), app.Member("rui"), app.Member("bia")
	open := ana.NewPost(t, "praia hoje #verao", "public")
	ana.NewPost(t, "so amigos #verao", "friends_only")
	rui.NewPost(t, "do rui #verao", "public")
	bia.NewPost(t, "da bia #verao", "public")
	muted := ana.NewPost(t, "falando de futebol #verao", "public")
	lia.Do(http.MethodPost, "/api/v1/profiles/rui/block", nil).Expect(t, http.StatusOK)
	lia.Do(http.MethodPost, "/api/v1/profiles/bia/mute", nil).Expect(t, http.StatusOK)
	lia.Do(http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": "futebol"}).Expect(t, http.StatusOK)

	c := lia.AppClient(t, "read")
	for _, path := range []string{"/api/v1/timelines/public", "/api/v1/timelines/public?local=true",
		"/api/v1/timelines/tag/verao", "/api/v1/timelines/tag/VERAO"} {
		list, _ := statuses(t, c, path)
		if len(list) != 1 || list[0].ID != open || list[0].Visibility != "public" {
			t.Fatalf("%s: %+v", path, list)
		}
	}
	if list, _ := statuses(t, c, "/api/v1/timelines/public?remote=true"); len(list) != 0 {
		t.Fatalf("remote: %+v", list)
	}
	if list, _ := statuses(t, c, "/api/v1/timelines/public?only_media=true"); len(list) != 0 {
		t.Fatalf("only_media: %+v", list)
	}
	if list, _ := statuses(t, c, "/api/v1/timelines/tag/outra"); len(list) != 0 {
		t.Fatalf("another tag: %+v", list)
	}
	// Ana herself reads her post with the word lia muted.
	anaPublic, _ := statuses(t, ana.AppClient(t, "read"), "/api/v1/timelines/public?limit=1")
	if len(anaPublic) != 1 || anaPublic[0].ID != muted {
		t.Fatalf("ana's public: %+v", anaPublic)
	}
	expectError(t, app.Client().Do(http.MethodGet, "/api/v1/timelines/public", nil), http.StatusUnauthorized, "token_required")
}

// Favourites are the posts the member liked, the newest like first, paged
// by Link; a followers-only post of someone they stopped following is no
// longer among them; another member's favourites are their own.
func TestFavourites(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	lia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	first := ana.NewPost(t, "um", "public")
	second := ana.NewPost(t, "dois", "public")
	friends := ana.NewPost(t, "amigos", "friends_only")
	for _, id := range []string{second, first, friends} {
		app.Clock.Advance(time.Minute)
		lia.Do(http.MethodPut, "/api/v1/posts/"+id+"/like", nil).Expect(t, http.StatusOK)
	}
	c := lia.AppClient(t, "read:favourites")
	all, _ := statuses(t, c, "/api/v1/favourites")
	if strings.Join(ids(all), ",") != friends+","+first+","+second {
		t.Fatalf("favourites: %v", ids(all))
	}
	page, h := statuses(t, c, "/api/v1/favourites?limit=1")
	next, _ := statuses(t, c, links(t, h)["next"])
	if len(page) != 1 || page[0].ID != friends || len(next) != 1 || next[0].ID != first {
		t.Fatalf("pages: %v %v", ids(page), ids(next))
	}
	lia.Do(http.MethodDelete, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	after, _ := statuses(t, c, "/api/v1/favourites")
	if strings.Join(ids(after), ",") != first+","+second {
		t.Fatalf("after unfollow: %v", ids(after))
	}
	if mine, _ := statuses(t, ana.AppClient(t, "read"), "/api/v1/favourites"); len(mine) != 0 {
		t.Fatalf("ana's: %v", ids(mine))
	}
	expectError(t, lia.AppClient(t, "read:statuses").Do(http.MethodGet, "/api/v1/favourites", nil), http.StatusForbidden, "insufficient_scope")
}
