package mastodon_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
)

type searchResults struct {
	Accounts []account   `json:"accounts"`
	Statuses []statusRow `json:"statuses"`
	Hashtags []struct {
		ID      string `json:"id"`
		Name    string `json:"name"`
		URL     string `json:"url"`
		History []struct{ Day, Uses, Accounts string }
	} `json:"hashtags"`
}

func searchV2(t *testing.T, c *at.Client, query string) searchResults {
	t.Helper()
	var out searchResults
	c.Do(http.MethodGet, "/api/v2/search?"+query, nil).Expect(t, http.StatusOK).JSON(t, &out)
	if out.Accounts == nil || out.Statuses == nil || out.Hashtags == nil {
		t.Fatalf("search %s: a list is null: %+v", query, out)
	}
	return out
}

func accountsFound(t *testing.T, c *at.Client, query string) []string {
	t.Helper()
	var out []account
	c.Do(http.MethodGet, "/api/v1/accounts/search?"+query, nil).Expect(t, http.StatusOK).JSON(t, &out)
	handles := []string{}
	for _, a := range out {
		handles = append(handles, a.Acct)
	}
	return handles
}

func acctsOf(list []account) []string {
	out := []string{}
	for _, a := range list {
		out = append(out, a.Acct)
	}
	return out
}

// indexed waits until c's search for word finds the statuses want (the
// index is written by a queue, a moment after the post).
func indexed(t *testing.T, c *at.Client, word string, want ...string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := ids(searchV2(t, c, "type=statuses&limit=40&q="+url.QueryEscape(word)).Statuses)
		if !slices.ContainsFunc(want, func(id string) bool { return !slices.Contains(got, id) }) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("search %q: %v, still waiting for %v", word, got, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// The v2 search finds members by handle and by name, posts by a word with
// their author and mentions, and hashtags with the week's use; type keeps
// one kind, limit and offset page each; accounts/search finds members
// alone, or those followed.
func TestSearch(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, bia, rui := app.Member("lia"), app.Member("bia"), app.Member("rui")
	lia.Do(http.MethodPatch, "/api/v1/profiles/me", map[string]any{"display_name": "Lia Tavares"}).Expect(t, http.StatusOK)
	post := lia.NewPost(t, "Dia de #praia em Recife com @rui", "public")
	var mangue []string
	for _, text := range []string{"mangue um", "mangue dois", "mangue três"} {
		mangue = append(mangue, rui.NewPost(t, text, "public"))
	}
	reader := bia.AppClient(t, "read:search read:accounts")
	indexed(t, reader, "Recife", post)
	indexed(t, reader, "mangue", mangue...)

	for _, q := range []string{"lia", "@lia", "Tavares"} {
		got := searchV2(t, reader, "type=accounts&q="+url.QueryEscape(q))
		if len(got.Accounts) != 1 || got.Accounts[0].ID != lia.ID || got.Accounts[0].DisplayName != "Lia Tavares" ||
			got.Accounts[0].StatusesCount != 1 || len(got.Statuses) != 0 || len(got.Hashtags) != 0 {
			t.Fatalf("accounts for %q: %+v", q, got)
		}
	}

	all := searchV2(t, reader, "q=Recife")
	if len(all.Statuses) != 1 || all.Statuses[0].ID != post || all.Statuses[0].Account.ID != lia.ID ||
		!strings.Contains(all.Statuses[0].Content, "Recife") || len(all.Accounts) != 0 {
		t.Fatalf("Recife: %+v", all)
	}
	var mentions struct {
		Statuses []struct{ Mentions []struct{ ID, Acct string } }
	}
	reader.Do(http.MethodGet, "/api/v2/search?type=statuses&q=Recife", nil).Expect(t, http.StatusOK).JSON(t, &mentions)
	if len(mentions.Statuses) != 1 || len(mentions.Statuses[0].Mentions) != 1 || mentions.Statuses[0].Mentions[0].ID != rui.ID {
		t.Fatalf("mentions: %+v", mentions)
	}

	tags := searchV2(t, reader, "q=%23praia")
	if len(tags.Hashtags) != 1 || tags.Hashtags[0].Name != "praia" || tags.Hashtags[0].ID != "praia" || !strings.Contains(tags.Hashtags[0].URL, "praia") ||
		len(tags.Hashtags[0].History) != 1 || tags.Hashtags[0].History[0].Uses != "1" {
		t.Fatalf("#praia: %+v", tags.Hashtags)
	}
	if ids(tags.Statuses)[0] != post {
		t.Fatalf("#praia's statuses: %v", ids(tags.Statuses))
	}
	// A word nobody tagged is still a tag to open (no use this week); the
	// week's tags that begin with it follow.
	tags = searchV2(t, reader, "type=hashtags&q=pra")
	if len(tags.Hashtags) != 2 || tags.Hashtags[0].Name != "pra" || len(tags.Hashtags[0].History) != 0 ||
		tags.Hashtags[1].Name != "praia" || len(tags.Accounts)+len(tags.Statuses) != 0 {
		t.Fatalf("type=hashtags: %+v", tags)
	}
	if only := searchV2(t, reader, "type=statuses&q=praia"); len(only.Statuses) != 1 || len(only.Accounts)+len(only.Hashtags) != 0 {
		t.Fatalf("type=statuses: %+v", only)
	}
	if none := searchV2(t, reader, "type=lists&q=praia"); len(none.Statuses)+len(none.Accounts)+len(none.Hashtags) != 0 {
		t.Fatalf("an unknown type: %+v", none)
	}
	if blank := searchV2(t, reader, "q=+++"); len(blank.Statuses)+len(blank.Accounts)+len(blank.Hashtags) != 0 {
		t.Fatalf("a blank query: %+v", blank)
	}

	first := ids(searchV2(t, reader, "type=statuses&q=mangue&limit=2").Statuses)
	rest := ids(searchV2(t, reader, "type=statuses&q=mangue&limit=2&offset=2").Statuses)
	if len(first) != 2 || len(rest) != 1 || slices.Contains(first, rest[0]) {
		t.Fatalf("pages of mangue: %v then %v", first, rest)
	}
	if got := ids(searchV2(t, reader, "type=statuses&q=mangue&account_id="+lia.ID).Statuses); len(got) != 0 {
		t.Fatalf("mangue by lia: %v", got)
	}

	if got := accountsFound(t, reader, "q=lia"); strings.Join(got, ",") != "lia" {
		t.Fatalf("accounts/search lia: %v", got)
	}
	if got := accountsFound(t, reader, "q=lia&following=true"); len(got) != 0 {
		t.Fatalf("accounts/search lia among the followed, before a follow: %v", got)
	}
	bia.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	if got := accountsFound(t, reader, "q=lia&following=true&resolve=true"); strings.Join(got, ",") != "lia" {
		t.Fatalf("accounts/search lia among the followed: %v", got)
	}
	if got := acctsOf(searchV2(t, reader, "type=accounts&following=true&q=rui").Accounts); len(got) != 0 {
		t.Fatalf("rui among the followed: %v", got)
	}

	// A member's session is not limited by scopes; an app's token needs
	// Mastodon's scope for each search.
	searchV2(t, bia.Client, "q=lia")
	expectError(t, app.Client().Do(http.MethodGet, "/api/v2/search?q=lia", nil), http.StatusUnauthorized, "token_required")
	expectError(t, app.Client().Do(http.MethodGet, "/api/v1/accounts/search?q=lia", nil), http.StatusUnauthorized, "token_required")
	accounts := bia.AppClient(t, "read:accounts")
	expectError(t, accounts.Do(http.MethodGet, "/api/v2/search?q=lia", nil), http.StatusForbidden, "insufficient_scope")
	accountsFound(t, accounts, "q=lia")
	expectError(t, bia.AppClient(t, "read:search").Do(http.MethodGet, "/api/v1/accounts/search?q=lia", nil),
		http.StatusForbidden, "insufficient_scope")
	searchV2(t, bia.AppClient(t, "read"), "q=lia")
	expectError(t, reader.Do(http.MethodGet, "/api/v2/search?q=lia&limit=muitos", nil), http.StatusUnprocessableEntity, "invalid_parameter")
}

// Search never shows what the viewer may not see: members blocked either
// way and their posts, a followers-only post of a member they do not
// follow, a community's post.
func TestSearchHidesWhatTheViewerMayNotSee(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	bia, caio, duda, eva, fabio := app.Member("bia"), app.Member("caio"), app.Member("duda"), app.Member("eva"), app.Member("fabio")
	var club struct{ ID string }
	eva.Do(http.MethodPost, "/api/v1/communities", map[string]any{"name": "Clube Tucano", "privacy": "closed"}).
		Expect(t, http.StatusCreated).JSON(t, &club)
	var inClub struct{ ID string }
	eva.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "tucano do clube", "audience_id": club.ID}).
		Expect(t, http.StatusCreated).JSON(t, &inClub)
	followersOnly := eva.NewPost(t, "tucano só para seguidores", "friends_only")
	blocked := caio.NewPost(t, "tucano de caio", "public")
	blocker := duda.NewPost(t, "tucano de duda", "public")
	public := eva.NewPost(t, "tucano de eva", "public")
	bia.Do(http.MethodPost, "/api/v1/profiles/caio/block", nil).Expect(t, http.StatusOK)
	duda.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)

	// Fabio, whom nobody blocks, finds the public posts: by then the
	// index has seen every post above (it takes them in order).
	indexed(t, fabio.AppClient(t, "read"), "tucano", blocked, blocker, public)
	reader := bia.AppClient(t, "read")
	if got := ids(searchV2(t, reader, "q=tucano").Statuses); strings.Join(got, ",") != public {
		t.Fatalf("bia's tucano: %v, want only eva's public post %s (not %s, %s, %s, %s)",
			got, public, blocked, blocker, followersOnly, inClub.ID)
	}
	for _, q := range []string{"caio", "duda"} {
		if got := acctsOf(searchV2(t, reader, "type=accounts&q="+q).Accounts); len(got) != 0 {
			t.Fatalf("bia finds %q: %v", q, got)
		}
		if got := accountsFound(t, reader, "q="+q); len(got) != 0 {
			t.Fatalf("bia's accounts/search finds %q: %v", q, got)
		}
	}
	if got := accountsFound(t, caio.AppClient(t, "read"), "q=bia"); len(got) != 0 {
		t.Fatalf("the blocked member finds bia: %v", got)
	}
	if got := accountsFound(t, fabio.AppClient(t, "read"), "q=caio"); strings.Join(got, ",") != "caio" {
		t.Fatalf("fabio's accounts/search for caio: %v", got)
	}
}
