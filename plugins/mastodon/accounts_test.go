package mastodon_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	at "social/tests/testkit/apptest"
)

type account struct {
	ID             string `json:"id"`
	Username       string `json:"username"`
	Acct           string `json:"acct"`
	DisplayName    string `json:"display_name"`
	Note           string `json:"note"`
	URL            string `json:"url"`
	FollowersCount int    `json:"followers_count"`
	FollowingCount int    `json:"following_count"`
	StatusesCount  int    `json:"statuses_count"`
	Fields         []struct {
		Name, Value string
	} `json:"fields"`
}

type listedStatus struct {
	ID         string `json:"id"`
	Content    string `json:"content"`
	Visibility string `json:"visibility"`
	Account    account
}

// linkTo is the path and query of a Link header's rel target, "" if none.
func linkTo(t *testing.T, r *at.Response, rel string) string {
	t.Helper()
	for _, part := range strings.Split(r.Header.Get("Link"), ",") {
		target, params, ok := strings.Cut(strings.TrimSpace(part), ";")
		if !ok || !strings.Contains(params, `rel="`+rel+`"`) {
			continue
		}
		u, err := url.Parse(strings.Trim(target, "<>"))
		if err != nil {
			t.Fatalf("link %q: %v", part, err)
		}
		return u.RequestURI()
	}
	return ""
}

func statusIDs(t *testing.T, r *at.Response) []string {
	t.Helper()
	var ss []listedStatus
	r.Expect(t, http.StatusOK).JSON(t, &ss)
	ids := make([]string, len(ss))
	for i, s := range ss {
		ids[i] = s.ID
	}
	return ids
}

// An account is read by ID or by acct, with its counts and fields; a
// member who blocks the viewer is nobody to them.
func TestAccountByIDAndLookup(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, bia := app.Member("lia"), app.Member("bia")
	lia.Do(http.MethodPatch, "/api/v1/profiles/me", map[string]any{"bio": "Oi #praia", "location": "Recife"}).Expect(t, http.StatusOK)
	lia.NewPost(t, "primeiro", "public")
	bia.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	reader := bia.AppClient(t, "read:accounts")

	var a account
	reader.Do(http.MethodGet, "/api/v1/accounts/"+lia.ID, nil).Expect(t, http.StatusOK).JSON(t, &a)
	if a.ID != lia.ID || a.Username != "lia" || a.Acct != "lia" || a.FollowersCount != 1 || a.StatusesCount != 1 ||
		!strings.Contains(a.Note, "praia") || len(a.Fields) != 1 || a.Fields[0].Value != "Recife" {
		t.Fatalf("account: %+v", a)
	}
	expectError(t, reader.Do(http.MethodGet, "/api/v1/accounts/nao-e-um-id", nil), http.StatusNotFound, "record_not_found")
	expectError(t, reader.Do(http.MethodGet, "/api/v1/accounts/0190f5c2-7a1b-7c3d-8e4f-001122334455", nil),
		http.StatusNotFound, "profile_not_found")

	u, err := url.Parse(a.URL)
	if err != nil {
		t.Fatal(err)
	}
	for _, acct := range []string{"lia", "@lia", "LIA", "lia@" + u.Host, "@lia@" + u.Host} {
		var found account
		reader.Do(http.MethodGet, "/api/v1/accounts/lookup?acct="+url.QueryEscape(acct), nil).Expect(t, http.StatusOK).JSON(t, &found)
		if found.ID != lia.ID {
			t.Fatalf("lookup %q: %+v", acct, found)
		}
	}
	for _, acct := range []string{"lia@outra.rede", "ninguem", "", "@"} {
		reader.Do(http.MethodGet, "/api/v1/accounts/lookup?acct="+url.QueryEscape(acct), nil).Expect(t, http.StatusNotFound)
	}
	// Without a token, the profile is public as on the member app.
	app.Client().Do(http.MethodGet, "/api/v1/accounts/"+lia.ID, nil).Expect(t, http.StatusOK)

	// lia blocks bia: bia no longer finds her, by ID or by acct.
	lia.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	reader.Do(http.MethodGet, "/api/v1/accounts/"+lia.ID, nil).Expect(t, http.StatusNotFound)
	reader.Do(http.MethodGet, "/api/v1/accounts/lookup?acct=lia", nil).Expect(t, http.StatusNotFound)
	// lia sees bia without her details, as the profile page shows her.
	var blocked account
	lia.AppClient(t, "read").Do(http.MethodGet, "/api/v1/accounts/"+bia.ID, nil).Expect(t, http.StatusOK).JSON(t, &blocked)
	if blocked.Username != "bia" || blocked.Note != "" {
		t.Fatalf("blocked account: %+v", blocked)
	}
}

// A member's statuses are the posts the viewer may read, paged by the
// Link header, filtered by media and tag; nothing is pinned.
func TestAccountStatuses(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, bia := app.Member("lia"), app.Member("bia")
	first := lia.NewPost(t, "um #praia", "public")
	second := lia.NewPost(t, "dois", "public")
	private := lia.NewPost(t, "só seguidores", "friends_only")
	reader := bia.AppClient(t, "read:statuses")
	path := "/api/v1/accounts/" + lia.ID + "/statuses"

	if got := statusIDs(t, reader.Do(http.MethodGet, path, nil)); strings.Join(got, ",") != second+","+first {
		t.Fatalf("a stranger reads %v, want the public posts %v", got, []string{second, first})
	}
	bia.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	r := reader.Do(http.MethodGet, path+"?limit=2&exclude_replies=true", nil)
	if got := statusIDs(t, r); strings.Join(got, ",") != private+","+second {
		t.Fatalf("a follower's first page %v", got)
	}
	next := linkTo(t, r, "next")
	if !strings.Contains(next, "exclude_replies=true") || !strings.Contains(next, "max_id=") {
		t.Fatalf("next link %q", next)
	}
	r = reader.Do(http.MethodGet, next, nil)
	if got := statusIDs(t, r); len(got) != 1 || got[0] != first {
		t.Fatalf("second page %v", got)
	}
	if linkTo(t, r, "next") != "" {
		t.Fatalf("the last page links on: %q", r.Header.Get("Link"))
	}
	// since_id answers only newer posts.
	if got := statusIDs(t, reader.Do(http.MethodGet, path+"?since_id="+second, nil)); len(got) != 1 || got[0] != private {
		t.Fatalf("since_id: %v", got)
	}
	if got := statusIDs(t, reader.Do(http.MethodGet, path+"?tagged=PRAIA", nil)); len(got) != 1 || got[0] != first {
		t.Fatalf("tagged: %v", got)
	}
	if got := statusIDs(t, reader.Do(http.MethodGet, path+"?only_media=1", nil)); len(got) != 0 {
		t.Fatalf("only_media: %v", got)
	}
	if got := statusIDs(t, reader.Do(http.MethodGet, path+"?pinned=true", nil)); len(got) != 0 {
		t.Fatalf("pinned: %v", got)
	}
	expectError(t, reader.Do(http.MethodGet, path+"?only_media=talvez", nil), http.StatusUnprocessableEntity, "invalid_parameter")
	expectError(t, reader.Do(http.MethodGet, path+"?max_id=lixo", nil), http.StatusUnprocessableEntity, "invalid_input")
	expectError(t, reader.Do(http.MethodGet, "/api/v1/accounts/lixo/statuses", nil), http.StatusNotFound, "record_not_found")
	expectError(t, bia.AppClient(t, "read:accounts").Do(http.MethodGet, path, nil), http.StatusForbidden, "insufficient_scope")
}

// Followers and following list members as cards, newest follow first;
// a member blocking the viewer is left out.
func TestAccountFollowersAndFollowing(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, bia, caio := app.Member("lia"), app.Member("bia"), app.Member("caio")
	bia.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	reader := bia.AppClient(t, "read")

	var list []account
	r := reader.Do(http.MethodGet, "/api/v1/accounts/"+lia.ID+"/followers", nil)
	r.Expect(t, http.StatusOK).JSON(t, &list)
	if len(list) != 2 || list[0].Username != "caio" || list[1].Username != "bia" {
		t.Fatalf("followers: %+v", list)
	}
	if linkTo(t, r, "next") != "" {
		t.Fatalf("one page links on: %q", r.Header.Get("Link"))
	}
	reader.Do(http.MethodGet, "/api/v1/accounts/"+bia.ID+"/following", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list) != 1 || list[0].ID != lia.ID {
		t.Fatalf("following: %+v", list)
	}
	caio.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	reader.Do(http.MethodGet, "/api/v1/accounts/"+lia.ID+"/followers", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list) != 1 || list[0].Username != "bia" {
		t.Fatalf("followers with caio blocking the viewer: %+v", list)
	}
	expectError(t, reader.Do(http.MethodGet, "/api/v1/accounts/"+lia.ID+"/followers?max_id=lixo", nil),
		http.StatusUnprocessableEntity, "invalid_input")
	expectError(t, reader.Do(http.MethodGet, "/api/v1/accounts/"+lia.ID+"/followers?limit=muitos", nil),
		http.StatusUnprocessableEntity, "invalid_parameter")
}

// A list of accounts is read limit at a time, and its next link keeps the
// limit: an app paging followers two by two meets each one once.
func TestAccountListsPageByLimit(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	var fans []string
	for _, h := range []string{"fa1", "fa2", "fa3", "fa4", "fa5"} {
		fans = append(fans, h)
		app.Member(h).Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	}
	reader := lia.AppClient(t, "read")
	var seen []string
	path := "/api/v1/accounts/" + lia.ID + "/followers?limit=2"
	for pages := 0; path != ""; pages++ {
		if pages > 3 {
			t.Fatalf("more than three pages of two for five followers: %v", seen)
		}
		var list []account
		r := reader.Do(http.MethodGet, path, nil)
		r.Expect(t, http.StatusOK).JSON(t, &list)
		if len(list) > 2 {
			t.Fatalf("%s: %d accounts", path, len(list))
		}
		for _, a := range list {
			seen = append(seen, a.Username)
		}
		path = linkTo(t, r, "next")
		if path != "" && !strings.Contains(path, "limit=2") {
			t.Fatalf("next link without the limit: %s", path)
		}
	}
	slices.Reverse(fans)
	if !slices.Equal(seen, fans) {
		t.Fatalf("followers paged two by two: %v, want %v", seen, fans)
	}

	// Blocks and mutes alike.
	for _, h := range fans[:3] {
		lia.Do(http.MethodPost, "/api/v1/profiles/"+h+"/block", nil).Expect(t, http.StatusOK)
	}
	var blocked []account
	r := reader.Do(http.MethodGet, "/api/v1/blocks?limit=2", nil)
	r.Expect(t, http.StatusOK).JSON(t, &blocked)
	if len(blocked) != 2 || !strings.Contains(linkTo(t, r, "next"), "limit=2") {
		t.Fatalf("blocks by two: %d, next %q", len(blocked), linkTo(t, r, "next"))
	}
	reader.Do(http.MethodGet, "/api/v1/blocks", nil).Expect(t, http.StatusOK).JSON(t, &blocked)
	if len(blocked) != 3 {
		t.Fatalf("blocks, default limit: %d", len(blocked))
	}
}
