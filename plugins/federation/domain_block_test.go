package federation_test

import (
	"net/http"
	"testing"
	"time"
)

// A member blocks a whole server through the path the member app calls:
// follows both ways end (and the member's unfollow goes out), and that
// server's accounts' Notes, mentions, follows, likes and replies reach
// them no more, while another member who follows them still sees their
// posts. The network's own domain and a malformed one are refused;
// unblocking lets a Follow through again.
func TestMemberBlocksADomain(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	a := startWithRemote(t, r, nil)
	lia, carol := a.Member("lia"), a.Member("carol")
	liaActor := base + "/ap/users/" + lia.ID
	public := []string{"https://www.w3.org/ns/activitystreams#Public"}
	now := a.Clock.Now()
	send := func(v map[string]any) {
		t.Helper()
		if status, code := post(t, a, "/ap/users/"+lia.ID+"/inbox", r, ana, activity(v), now); status != http.StatusAccepted {
			t.Fatalf("%s: %d %s", v["type"], status, code)
		}
		processed(t, a, v["id"].(string))
	}
	var profile struct {
		FollowerCount  int `json:"follower_count"`
		FollowingCount int `json:"following_count"`
	}
	counts := func() (int, int) {
		t.Helper()
		lia.Do(http.MethodGet, "/api/v1/profiles/lia", nil).Expect(t, http.StatusOK).JSON(t, &profile)
		return profile.FollowerCount, profile.FollowingCount
	}

	send(map[string]any{"id": ana + "/follows/1", "type": "Follow", "actor": ana, "object": liaActor})
	handle := "ana@" + r.host()
	lia.Do(http.MethodPost, "/api/v1/profiles/"+handle+"/follow", nil).Expect(t, http.StatusOK)
	carol.Do(http.MethodPost, "/api/v1/profiles/"+handle+"/follow", nil).Expect(t, http.StatusOK)
	if followers, following := counts(); followers != 1 || following != 1 {
		t.Fatalf("before the block: %d followers, %d following", followers, following)
	}

	// Refused, nothing stored.
	for _, c := range []struct{ domain, code string }{
		{"localhost:8080", "domain_own"}, {"exa mple.social", "domain_invalid"}, {"", "domain_invalid"},
		{"-bad.example", "domain_invalid"}, {"example.social:99999", "domain_invalid"},
	} {
		res := lia.Do(http.MethodPost, "/api/v1/safety/domain-blocks", map[string]string{"domain": c.domain})
		res.Expect(t, http.StatusUnprocessableEntity)
		if code := res.Problem(t).Code; code != c.code {
			t.Fatalf("%q: code %q, want %q", c.domain, code, c.code)
		}
	}
	if n := count(t, a, `SELECT count(*) FROM member_domain_blocks`); n != 0 {
		t.Fatalf("%d domain blocks stored by refused requests", n)
	}

	// A pasted address is taken as its host; twice is once.
	var block struct {
		Domain string `json:"domain"`
	}
	for range 2 {
		lia.Do(http.MethodPost, "/api/v1/safety/domain-blocks", map[string]string{"domain": " HTTP://" + r.host() + "/"}).
			Expect(t, http.StatusOK).JSON(t, &block)
	}
	if block.Domain != r.host() {
		t.Fatalf("blocked %q, want %q", block.Domain, r.host())
	}
	var list struct {
		Items []struct {
			Domain string `json:"domain"`
		} `json:"items"`
	}
	lia.Do(http.MethodGet, "/api/v1/safety/domain-blocks", nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list.Items) != 1 || list.Items[0].Domain != r.host() {
		t.Fatalf("domain blocks %+v", list.Items)
	}
	if followers, following := counts(); followers != 0 || following != 0 {
		t.Fatalf("after the block: %d followers, %d following", followers, following)
	}
	if n := count(t, a, `SELECT count(*) FROM river_job WHERE kind = 'federation.deliver'
		AND args->>'inbox' = ? AND args->'activity'->>'type' = 'Undo' AND args->>'signer' = ?`, ana+"/inbox", lia.ID); n != 1 {
		t.Fatalf("%d Undo(Follow) queued to Ana, want 1", n)
	}

	// Ana's Note naming Lia: kept (Carol follows Ana) and in Carol's
	// 'Seguindo', but neither in Lia's feeds nor a notification of hers.
	noteID := r.srv.URL + "/notes/1"
	send(map[string]any{"id": ana + "/creates/1", "type": "Create", "actor": ana, "to": public,
		"object": map[string]any{"id": noteID, "type": "Note", "attributedTo": ana, "to": public, "cc": []string{liaActor},
			"content": "<p>@lia bom dia</p>", "tag": []map[string]any{{"type": "Mention", "href": liaActor, "name": "@lia"}}}})
	var postID string
	if err := a.DB.NewRaw(`SELECT local_id::text FROM federation_remote_objects WHERE object_uri = ?`, noteID).
		Scan(t.Context(), &postID); err != nil {
		t.Fatalf("the Note made no post: %v", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !contains(carol.ListIDs(t, "/api/v1/feed?algorithm=following"), postID) {
		if time.Now().After(deadline) {
			t.Fatal("Ana's Note is not in Carol's 'Seguindo'")
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, feed := range []string{"following", "chronological"} {
		if contains(lia.ListIDs(t, "/api/v1/feed?algorithm="+feed), postID) {
			t.Fatalf("a blocked domain's Note is in Lia's %s feed", feed)
		}
	}
	if n := count(t, a, `SELECT count(*) FROM notifications WHERE recipient_id = ?`, lia.ID); n != 0 {
		t.Fatalf("Lia has %d notifications from a blocked domain", n)
	}

	// Ana can neither follow Lia again, nor like or reply to her post.
	mine := lia.NewPost(t, "Meu post", "public")
	send(map[string]any{"id": ana + "/follows/2", "type": "Follow", "actor": ana, "object": liaActor})
	send(map[string]any{"id": ana + "/likes/1", "type": "Like", "actor": ana, "object": base + "/ap/posts/" + mine})
	send(map[string]any{"id": ana + "/creates/2", "type": "Create", "actor": ana, "cc": public,
		"object": map[string]any{"id": r.srv.URL + "/notes/2", "type": "Note", "attributedTo": ana, "cc": public,
			"inReplyTo": base + "/ap/posts/" + mine, "content": "<p>Oi</p>"}})
	if followers, _ := counts(); followers != 0 {
		t.Fatalf("a blocked domain's account follows Lia again: %d", followers)
	}
	var got struct {
		LikeCount    int `json:"like_count"`
		CommentCount int `json:"comment_count"`
	}
	lia.Do(http.MethodGet, "/api/v1/posts/"+mine, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.LikeCount != 0 || got.CommentCount != 0 {
		t.Fatalf("a blocked domain's account liked or replied: %+v", got)
	}
	// Nor may Lia follow Ana, whatever API she calls.
	lia.Do(http.MethodPost, "/api/v1/profiles/"+handle+"/follow", nil).Expect(t, http.StatusForbidden)

	// Unblocked: a new Follow goes through.
	lia.Do(http.MethodDelete, "/api/v1/safety/domain-blocks/"+r.host(), nil).Expect(t, http.StatusNoContent)
	lia.Do(http.MethodDelete, "/api/v1/safety/domain-blocks/"+r.host(), nil).Expect(t, http.StatusNotFound)
	send(map[string]any{"id": ana + "/follows/3", "type": "Follow", "actor": ana, "object": liaActor})
	if followers, _ := counts(); followers != 1 {
		t.Fatalf("after unblocking, Ana's Follow: %d followers", followers)
	}
}
