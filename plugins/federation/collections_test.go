package federation_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

type collection struct {
	Context    []any  `json:"@context"`
	ID         string `json:"id"`
	Type       string `json:"type"`
	TotalItems int    `json:"totalItems"`
	First      string `json:"first"`
}

type collectionPage struct {
	ID, Type, PartOf, Next, Prev string
	OrderedItems                 []json.RawMessage `json:"orderedItems"`
}

type note struct {
	Context      []any  `json:"@context"`
	ID           string `json:"id"`
	Type         string `json:"type"`
	AttributedTo string `json:"attributedTo"`
	Content      string `json:"content"`
	To, CC       []string
	Published    string          `json:"published"`
	URL          string          `json:"url"`
	InReplyTo    json.RawMessage `json:"inReplyTo"`
	Sensitive    *bool           `json:"sensitive"`
	Attachment   []any           `json:"attachment"`
	Tag          []struct {
		Type, Href, Name string
	} `json:"tag"`
}

type create struct {
	ID, Type, Actor, Published string
	To, CC                     []string
	Object                     note
}

// Followers and following: the collection's size and its first page of
// local actors.
func TestFollowersAndFollowing(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana, bia, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/follow", nil).Expect(t, http.StatusOK)

	for _, c := range []struct {
		dir  string
		want []string
	}{
		{"followers", []string{base + "/ap/users/" + caio.ID, base + "/ap/users/" + bia.ID}},
		{"following", []string{base + "/ap/users/" + bia.ID}},
	} {
		id := base + "/ap/users/" + ana.ID + "/" + c.dir
		var col collection
		document(t, get(app.Client(), local(t, id), activityJSON), &col)
		if col.ID != id || col.Type != "OrderedCollection" || col.TotalItems != len(c.want) || col.First != id+"?page=true" {
			t.Fatalf("%s: %+v", c.dir, col)
		}
		var page collectionPage
		document(t, get(app.Client(), local(t, col.First), activityJSON), &page)
		var items []string
		for _, raw := range page.OrderedItems {
			var s string
			_ = json.Unmarshal(raw, &s)
			items = append(items, s)
		}
		if page.Type != "OrderedCollectionPage" || page.PartOf != id || page.Next != "" || page.Prev != "" || !slices.Equal(items, c.want) {
			t.Fatalf("%s page: %+v items %v", c.dir, page, items)
		}
	}
}

// The outbox lists public posts only, newest first, as Create activities,
// twenty a page, with next and prev; a followers-only post is never in
// it, and neither its Note nor its page answers a server.
func TestOutboxHasThePublicPostsOnly(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana := app.Member("ana")
	var public []string
	for i := range 21 {
		public = append(public, ana.NewPost(t, fmt.Sprintf("post %d", i), ""))
		app.Clock.Advance(time.Second)
	}
	hidden := ana.NewPost(t, "só para quem me segue", "friends_only")
	slices.Reverse(public)

	id := base + "/ap/users/" + ana.ID + "/outbox"
	var col collection
	document(t, get(app.Client(), local(t, id), activityJSON), &col)
	if col.Type != "OrderedCollection" || col.First != id+"?page=true" {
		t.Fatalf("%+v", col)
	}
	var seen []string
	var first, second collectionPage
	document(t, get(app.Client(), local(t, col.First), activityJSON), &first)
	if len(first.OrderedItems) != 20 || first.Next == "" || first.Prev != "" {
		t.Fatalf("first page: %d items, next %q, prev %q", len(first.OrderedItems), first.Next, first.Prev)
	}
	document(t, get(app.Client(), local(t, first.Next), activityJSON), &second)
	if len(second.OrderedItems) != 1 || second.Next != "" || second.Prev != first.ID || second.ID != first.Next {
		t.Fatalf("second page: %+v (first %s)", second, first.ID)
	}
	for _, raw := range append(first.OrderedItems, second.OrderedItems...) {
		var c create
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		if c.Type != "Create" || c.Actor != base+"/ap/users/"+ana.ID || c.Object.Type != "Note" || c.ID != c.Object.ID+"/activity" {
			t.Fatalf("%s", raw)
		}
		seen = append(seen, strings.TrimPrefix(c.Object.ID, base+"/ap/posts/"))
	}
	if !slices.Equal(seen, public) {
		t.Fatalf("outbox %v\nwant %v", seen, public)
	}
	for _, path := range []string{"/ap/posts/" + hidden, "/post/" + hidden} {
		get(app.Client(), path, activityJSON).Expect(t, http.StatusNotFound)
	}
	var stored int
	if err := app.DB.NewRaw(`SELECT count(*) FROM posts WHERE id = ?`, hidden).Scan(context.Background(), &stored); err != nil || stored != 1 {
		t.Fatalf("the hidden post is not there to hide: %d %v", stored, err)
	}
}

// A public post is a Note at its own URL, and at its page's for a server:
// its text as escaped HTML with links, addressed to everyone with the
// author's followers in copy, its hashtags and its mentions of members.
func TestAPublicPostIsANote(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana, bia := app.Member("ana"), app.Member("bia")
	postID := ana.NewPost(t, "Olá <mundo> #Samba @bia @ninguem https://exemplo.com/a?b=1&c=2", "")

	var n, byPage note
	document(t, get(app.Client(), "/ap/posts/"+postID, activityJSON), &n)
	document(t, get(app.Client(), "/post/"+postID, ldJSON), &byPage)
	actorURL := base + "/ap/users/" + ana.ID
	if n.ID != base+"/ap/posts/"+postID || byPage.ID != n.ID || n.Type != "Note" || n.AttributedTo != actorURL ||
		n.URL != base+"/post/"+postID || len(n.Context) != 3 {
		t.Fatalf("%+v", n)
	}
	if !slices.Equal(n.To, []string{"https://www.w3.org/ns/activitystreams#Public"}) || !slices.Equal(n.CC, []string{actorURL + "/followers"}) {
		t.Fatalf("to %v cc %v", n.To, n.CC)
	}
	wantContent := `<p>Olá &lt;mundo&gt; <a href="` + base + `/search?q=%23samba" class="mention hashtag" rel="tag">#<span>Samba</span></a> ` +
		`<span class="h-card"><a href="` + base + `/profile/bia" class="u-url mention">@<span>bia</span></a></span> ` +
		`<span class="h-card"><a href="` + base + `/profile/ninguem" class="u-url mention">@<span>ninguem</span></a></span> ` +
		`<a href="https://exemplo.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">https://exemplo.com/a?b=1&amp;c=2</a></p>`
	if n.Content != wantContent {
		t.Fatalf("content\n got %s\nwant %s", n.Content, wantContent)
	}
	if len(n.Tag) != 2 || n.Tag[0].Type != "Hashtag" || n.Tag[0].Name != "#samba" || n.Tag[0].Href != base+"/search?q=%23samba" ||
		n.Tag[1].Type != "Mention" || n.Tag[1].Name != "@bia@"+domain || n.Tag[1].Href != base+"/ap/users/"+bia.ID {
		t.Fatalf("tags %+v", n.Tag)
	}
	if string(n.InReplyTo) != "null" || n.Sensitive == nil || *n.Sensitive || n.Attachment == nil || len(n.Attachment) != 0 {
		t.Fatalf("reply %s sensitive %v attachment %v", n.InReplyTo, n.Sensitive, n.Attachment)
	}
	get(app.Client(), "/ap/posts/not-a-post", activityJSON).Expect(t, http.StatusNotFound)
}
