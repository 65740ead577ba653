package federation_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	at "social/tests/testkit/apptest"
)

type searchItem struct {
	Type     string `json:"type"`
	ID       string `json:"id"`
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`
}

// search is the member app's search for q.
func search(t *testing.T, m *at.Member, q string) []searchItem {
	t.Helper()
	var out struct {
		Items []searchItem `json:"items"`
	}
	m.Do(http.MethodGet, "/api/v1/search?q="+url.QueryEscape(q), nil).Expect(t, http.StatusOK).JSON(t, &out)
	return out.Items
}

// A member who searches for another server's address finds the account:
// its server's WebFinger names the actor, which is fetched and kept, and
// then followed like any account. A known account answers without asking
// its server again; an address nobody answers for, or a server that is
// not there, finds nothing (never an error); a member who looks up too
// many addresses in a minute finds only the accounts already known.
func TestSearchLooksUpAnAddress(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	r.actor(t, "bia", nil)
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")

	handle := "ana@" + r.host()
	for _, q := range []string{"@" + handle, handle} {
		got := search(t, lia, q)
		if len(got) != 1 || got[0].Type != "user" || got[0].Subtitle != "@"+handle || got[0].Title != "Ana de Fora" {
			t.Fatalf("search %q: %+v", q, got)
		}
	}
	if n := r.served.Load(); n != 2 {
		t.Fatalf("the other server was asked %d times, want WebFinger and the actor once", n)
	}
	if n := count(t, a, `SELECT count(*) FROM federation_remote_actors WHERE actor_uri = ?`, ana); n != 1 {
		t.Fatalf("%d actors kept", n)
	}

	// Followed as it was found: a Follow goes to its inbox.
	lia.Do(http.MethodPost, "/api/v1/profiles/"+url.PathEscape(handle)+"/follow", nil).Expect(t, http.StatusOK)
	if n := count(t, a, `SELECT count(*) FROM river_job WHERE kind = 'federation.deliver'
		AND args->>'inbox' = ? AND args->'activity'->>'type' = 'Follow'`, ana+"/inbox"); n != 1 {
		t.Fatalf("%d Follows queued, want 1", n)
	}

	// Users no kept account is named like: the search by words finds
	// any name holding every word of the query, ana@<the host> included.
	for _, q := range []string{"@ninguem@" + r.host(), "@zeca@127.0.0.1:1", "@zeca@nao-existe.invalid"} {
		if got := search(t, lia, q); len(got) != 0 {
			t.Fatalf("search %q: %+v", q, got)
		}
	}

	// The limit: lookups that reach another server count, known accounts
	// do not.
	for i := range 20 {
		search(t, lia, fmt.Sprintf("@ninguem%d@%s", i, r.host()))
	}
	if got := search(t, lia, "@bia@"+r.host()); len(got) != 0 {
		t.Fatalf("over the limit, bia was looked up: %+v", got)
	}
	if got := search(t, lia, "@"+handle); len(got) != 1 {
		t.Fatalf("over the limit, the known ana: %+v", got)
	}
	if got := search(t, a.Member("rui"), "@bia@"+r.host()); len(got) != 1 || got[0].Subtitle != "@bia@"+r.host() {
		t.Fatalf("another member's lookup of bia: %+v", got)
	}
}

// With federation off, an address is only searched among the known
// accounts: no server is asked.
func TestSearchLooksUpNothingWhenOff(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	r.actor(t, "ana", nil)
	a := at.Start(t, nil)
	if got := search(t, a.Member("lia"), "@ana@"+r.host()); len(got) != 0 {
		t.Fatalf("found %+v", got)
	}
	if n := r.served.Load(); n != 0 {
		t.Fatalf("the other server was asked %d times", n)
	}
}

// The Mastodon client API's searches look an address up with
// resolve=true only, as Mastodon's do.
func TestMastodonSearchResolvesAnAddress(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	r.actor(t, "ana", nil)
	a := startWithRemote(t, r, nil)
	c := a.Member("lia").AppClient(t, "read:search read:accounts")
	handle := "ana@" + r.host()
	type accounts struct {
		Accounts []struct {
			Acct string `json:"acct"`
		} `json:"accounts"`
	}
	var got accounts
	c.Do(http.MethodGet, "/api/v2/search?type=accounts&q="+url.QueryEscape("@"+handle), nil).Expect(t, http.StatusOK).JSON(t, &got)
	if len(got.Accounts) != 0 || r.served.Load() != 0 {
		t.Fatalf("without resolve: %+v, the server asked %d times", got, r.served.Load())
	}
	c.Do(http.MethodGet, "/api/v2/search?type=accounts&resolve=true&q="+url.QueryEscape("@"+handle), nil).
		Expect(t, http.StatusOK).JSON(t, &got)
	if len(got.Accounts) != 1 || got.Accounts[0].Acct != handle {
		t.Fatalf("with resolve: %+v", got)
	}
}
