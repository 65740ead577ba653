package mastodon_test

import (
	"net/http"
	"net/url"
	"testing"

	at "social/tests/testkit/apptest"
)

type relationship struct {
	ID                  string `json:"id"`
	Following           bool   `json:"following"`
	FollowedBy          bool   `json:"followed_by"`
	Blocking            bool   `json:"blocking"`
	BlockedBy           bool   `json:"blocked_by"`
	Muting              bool   `json:"muting"`
	MutingNotifications bool   `json:"muting_notifications"`
	Requested           bool   `json:"requested"`
	ShowingReblogs      bool   `json:"showing_reblogs"`
}

// Following, blocking and muting through this door answer Relationships
// and hold the use cases' rules: not oneself, not across a block.
func TestFollowBlockMute(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, bia := app.Member("lia"), app.Member("bia")
	biaApp := bia.AppClient(t, "read write follow")
	liaApp := lia.AppClient(t, "read write:blocks write:mutes")

	// A form body, as many apps send it.
	var rel relationship
	at.FormPost(biaApp, "/api/v1/accounts/"+lia.ID+"/follow", url.Values{"reblogs": {"false"}, "notify": {"true"}}).
		Expect(t, http.StatusOK).JSON(t, &rel)
	if rel.ID != lia.ID || !rel.Following || rel.FollowedBy || rel.Requested || !rel.ShowingReblogs {
		t.Fatalf("after follow: %+v", rel)
	}
	// A JSON body: following again changes nothing.
	biaApp.Do(http.MethodPost, "/api/v1/accounts/"+lia.ID+"/follow", map[string]any{"reblogs": true, "languages": []string{"pt"}}).
		Expect(t, http.StatusOK).JSON(t, &rel)
	var count account
	biaApp.Do(http.MethodGet, "/api/v1/accounts/"+lia.ID, nil).Expect(t, http.StatusOK).JSON(t, &count)
	if !rel.Following || count.FollowersCount != 1 {
		t.Fatalf("after a second follow: %+v, %d followers", rel, count.FollowersCount)
	}
	expectError(t, biaApp.Do(http.MethodPost, "/api/v1/accounts/"+bia.ID+"/follow", nil), http.StatusUnprocessableEntity, "cannot_follow_self")
	expectError(t, biaApp.Do(http.MethodPost, "/api/v1/accounts/lixo/follow", nil), http.StatusNotFound, "record_not_found")
	expectError(t, biaApp.Do(http.MethodPost, "/api/v1/accounts/"+lia.ID+"/follow", map[string]any{"reblogs": "talvez"}),
		http.StatusUnprocessableEntity, "invalid_parameter")
	// A token that may only read follows no one.
	expectError(t, bia.AppClient(t, "read").Do(http.MethodPost, "/api/v1/accounts/"+lia.ID+"/unfollow", nil),
		http.StatusForbidden, "insufficient_scope")

	var rels []relationship
	liaApp.Do(http.MethodGet, "/api/v1/accounts/relationships?id[]="+bia.ID+"&id[]=lixo&id[]="+lia.ID, nil).
		Expect(t, http.StatusOK).JSON(t, &rels)
	if len(rels) != 2 || rels[0].ID != bia.ID || !rels[0].FollowedBy || rels[0].Following || rels[1].ID != lia.ID || rels[1].FollowedBy {
		t.Fatalf("lia's relationships: %+v", rels)
	}

	// lia mutes bia, then blocks her: the block ends the follow, and bia
	// may follow her no more.
	liaApp.Do(http.MethodPost, "/api/v1/accounts/"+bia.ID+"/mute", map[string]any{"notifications": false, "duration": 3600}).
		Expect(t, http.StatusOK).JSON(t, &rel)
	if !rel.Muting || !rel.MutingNotifications {
		t.Fatalf("after mute: %+v", rel)
	}
	var listed []account
	liaApp.Do(http.MethodGet, "/api/v1/mutes", nil).Expect(t, http.StatusOK).JSON(t, &listed)
	if len(listed) != 1 || listed[0].ID != bia.ID {
		t.Fatalf("mutes: %+v", listed)
	}
	at.FormPost(liaApp, "/api/v1/accounts/"+bia.ID+"/block", nil).Expect(t, http.StatusOK).JSON(t, &rel)
	if !rel.Blocking || rel.FollowedBy {
		t.Fatalf("after block: %+v", rel)
	}
	liaApp.Do(http.MethodGet, "/api/v1/blocks", nil).Expect(t, http.StatusOK).JSON(t, &listed)
	if len(listed) != 1 || listed[0].ID != bia.ID {
		t.Fatalf("blocks: %+v", listed)
	}
	expectError(t, biaApp.Do(http.MethodPost, "/api/v1/accounts/"+lia.ID+"/follow", nil), http.StatusForbidden, "member_blocked")
	// To bia, lia is nobody.
	biaApp.Do(http.MethodGet, "/api/v1/accounts/relationships?id[]="+lia.ID, nil).Expect(t, http.StatusOK).JSON(t, &rels)
	if len(rels) != 0 {
		t.Fatalf("a blocker's relationship shown: %+v", rels)
	}
	// Another member's lists are their own: bia's are empty.
	biaApp.Do(http.MethodGet, "/api/v1/blocks", nil).Expect(t, http.StatusOK).JSON(t, &listed)
	if len(listed) != 0 {
		t.Fatalf("bia's blocks: %+v", listed)
	}

	liaApp.Do(http.MethodPost, "/api/v1/accounts/"+bia.ID+"/unblock", nil).Expect(t, http.StatusOK).JSON(t, &rel)
	if rel.Blocking || !rel.Muting {
		t.Fatalf("after unblock: %+v", rel)
	}
	liaApp.Do(http.MethodPost, "/api/v1/accounts/"+bia.ID+"/unmute", nil).Expect(t, http.StatusOK).JSON(t, &rel)
	if rel.Muting {
		t.Fatalf("after unmute: %+v", rel)
	}
	biaApp.Do(http.MethodPost, "/api/v1/accounts/"+lia.ID+"/follow", nil).Expect(t, http.StatusOK)
	biaApp.Do(http.MethodPost, "/api/v1/accounts/"+lia.ID+"/unfollow", nil).Expect(t, http.StatusOK).JSON(t, &rel)
	if rel.Following {
		t.Fatalf("after unfollow: %+v", rel)
	}
	expectError(t, liaApp.Do(http.MethodPost, "/api/v1/accounts/"+lia.ID+"/block", nil), http.StatusUnprocessableEntity, "cannot_block_self")
}

// The lists this server never fills answer empty lists.
func TestEmptyAccountLists(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	c := lia.AppClient(t, "read")
	for _, path := range []string{"/api/v1/follow_requests", "/api/v1/endorsements", "/api/v1/featured_tags",
		"/api/v1/accounts/" + lia.ID + "/featured_tags", "/api/v1/accounts/" + lia.ID + "/lists", "/api/v2/suggestions"} {
		r := c.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK)
		if string(r.Body) != "[]\n" {
			t.Fatalf("%s: %s", path, r.Body)
		}
	}
	var fam []struct {
		ID       string
		Accounts []account
	}
	c.Do(http.MethodGet, "/api/v1/accounts/familiar_followers?id[]="+lia.ID, nil).Expect(t, http.StatusOK).JSON(t, &fam)
	if len(fam) != 1 || fam[0].ID != lia.ID || fam[0].Accounts == nil {
		t.Fatalf("familiar followers: %+v", fam)
	}
	c.Do(http.MethodGet, "/api/v1/accounts/lixo/lists", nil).Expect(t, http.StatusNotFound)
}
