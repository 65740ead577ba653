package federation_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	core "social/core/domain"
	moderation "social/features/moderation/app"
	"social/plugins/federation/app"
)

// An Announce of our post is a share by the remote profile, counted once
// and kept through an Undo; a Delete of the sender's own actor removes its
// remote account with its follows, likes and posts; a Delete naming
// another actor never removes that one.
func TestInboxAnnounceAndDeleteOfActor(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	bia := r.actor(t, "bia", nil)
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	liaActor := base + "/ap/users/" + lia.ID
	now := a.Clock.Now()
	send := func(signer string, v map[string]any) {
		t.Helper()
		body := activity(v)
		for range 2 {
			if status, code := post(t, a, "/ap/inbox", r, signer, body, now); status != http.StatusAccepted {
				t.Fatalf("%s: %d %s", v["type"], status, code)
			}
		}
		processed(t, a, v["id"].(string))
	}
	mine := lia.NewPost(t, "Meu post", "public")
	send(ana, map[string]any{"id": ana + "/follows/1", "type": "Follow", "actor": ana, "object": liaActor})
	send(bia, map[string]any{"id": bia + "/follows/1", "type": "Follow", "actor": bia, "object": liaActor})
	send(ana, map[string]any{"id": ana + "/likes/1", "type": "Like", "actor": ana, "object": base + "/ap/posts/" + mine})
	send(ana, map[string]any{"id": ana + "/announces/1", "type": "Announce", "actor": ana,
		"object": base + "/ap/posts/" + mine, "to": []string{"https://www.w3.org/ns/activitystreams#Public"}})
	var counts struct {
		LikeCount  int `json:"like_count"`
		ShareCount int `json:"share_count"`
	}
	lia.Do(http.MethodGet, "/api/v1/posts/"+mine, nil).Expect(t, http.StatusOK).JSON(t, &counts)
	if counts.ShareCount != 1 || counts.LikeCount != 1 {
		t.Fatalf("after a Like and an Announce sent twice: %+v", counts)
	}
	send(ana, map[string]any{"id": ana + "/announces/1/undo", "type": "Undo", "actor": ana,
		"object": map[string]any{"id": ana + "/announces/1", "type": "Announce", "actor": ana, "object": base + "/ap/posts/" + mine}})
	lia.Do(http.MethodGet, "/api/v1/posts/"+mine, nil).Expect(t, http.StatusOK).JSON(t, &counts)
	if counts.ShareCount != 1 {
		t.Fatalf("an Undo(Announce) changed the shares: %+v", counts)
	}

	// Ana cannot delete Bia: an embedded Person of another actor is
	// refused, a bare reference is taken and changes nothing.
	if status, code := post(t, a, "/ap/inbox", r, ana, activity(map[string]any{"id": ana + "/deletes/bia", "type": "Delete",
		"actor": ana, "object": map[string]any{"id": bia, "type": "Person"}}), now); status != http.StatusForbidden ||
		code != app.CodeForeignObject {
		t.Fatalf("Delete of another's Person: %d %s", status, code)
	}
	send(ana, map[string]any{"id": ana + "/deletes/bia-ref", "type": "Delete", "actor": ana, "object": bia})
	lia.Do(http.MethodGet, "/api/v1/profiles/bia@"+r.host(), nil).Expect(t, http.StatusOK)

	// Ana deletes her own account: her profile, follow, like and share go.
	body := activity(map[string]any{"id": ana + "#delete", "type": "Delete", "actor": ana, "object": ana,
		"to": []string{"https://www.w3.org/ns/activitystreams#Public"}})
	if status, code := post(t, a, "/ap/inbox", r, ana, body, now); status != http.StatusAccepted {
		t.Fatalf("Delete of the actor: %d %s", status, code)
	}
	deadline := time.Now().Add(15 * time.Second)
	for count(t, a, `SELECT count(*) FROM profiles WHERE handle = ?`, "ana@"+r.host()) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("Ana's remote account was not removed")
		}
		time.Sleep(50 * time.Millisecond)
	}
	lia.Do(http.MethodGet, "/api/v1/profiles/ana@"+r.host(), nil).Expect(t, http.StatusNotFound)
	lia.Do(http.MethodGet, "/api/v1/posts/"+mine, nil).Expect(t, http.StatusOK).JSON(t, &counts)
	if counts.ShareCount != 0 || counts.LikeCount != 0 {
		t.Fatalf("Ana's like and share outlived her: %+v", counts)
	}
	var profile struct {
		FollowerCount int `json:"follower_count"`
	}
	lia.Do(http.MethodGet, "/api/v1/profiles/lia", nil).Expect(t, http.StatusOK).JSON(t, &profile)
	if profile.FollowerCount != 1 {
		t.Fatalf("lia's followers after Ana's deletion: %d, want Bia alone", profile.FollowerCount)
	}
}

// policyRow is an instance policy as the console reads it.
type policyRow struct {
	ID          string `json:"id"`
	Domain      string `json:"domain"`
	Suspend     bool   `json:"suspend"`
	Silence     bool   `json:"silence"`
	RejectMedia bool   `json:"reject_media"`
	Reason      string `json:"reason"`
	Accounts    int    `json:"accounts"`
}

// Instance policies are set, changed and lifted by staff only, each with
// a reason and an audit entry; bad input is refused with its code.
func TestInstancePoliciesInTheConsole(t *testing.T) {
	t.Parallel()
	a := startOn(t)
	admin := a.Staff("chefe", core.RoleAdmin)
	mod := a.Staff("moderadora", core.RoleModerator)
	member := a.Member("lia")
	const path = "/api/v1/admin/federation_policies"

	member.Do(http.MethodPost, path, map[string]any{"domain": "spam.example", "suspend": true, "reason": "spam"}).
		Expect(t, http.StatusForbidden)
	for _, bad := range []struct {
		body map[string]any
		code string
	}{
		{map[string]any{"domain": "https://spam.example/x", "suspend": true, "reason": "spam"}, app.CodeBadDomain},
		{map[string]any{"domain": "ana@spam.example", "suspend": true, "reason": "spam"}, app.CodeBadDomain},
		{map[string]any{"domain": "spam.example", "reason": "spam"}, app.CodePolicyEmpty},
		{map[string]any{"domain": "spam.example", "suspend": true, "reason": "  "}, moderation.CodeReasonRequired},
	} {
		p := mod.Do(http.MethodPost, path, bad.body).Expect(t, http.StatusUnprocessableEntity).Problem(t)
		if p.Code != bad.code {
			t.Fatalf("%v: code %q, want %q", bad.body, p.Code, bad.code)
		}
	}
	if n := count(t, a, `SELECT count(*) FROM federation_instance_policies`); n != 0 {
		t.Fatalf("refused input stored %d policies", n)
	}

	var row policyRow
	mod.Do(http.MethodPost, path, map[string]any{"domain": " Spam.Example:8443 ", "silence": true, "reason": "Spam em massa"}).
		Expect(t, http.StatusCreated).JSON(t, &row)
	if row.Domain != "spam.example:8443" || !row.Silence || row.Suspend || row.Reason != "Spam em massa" {
		t.Fatalf("created %+v", row)
	}
	if p := admin.Do(http.MethodPost, path, map[string]any{"domain": "spam.example:8443", "suspend": true, "reason": "x"}).
		Expect(t, http.StatusConflict).Problem(t); p.Code != app.CodePolicyExists {
		t.Fatalf("duplicate: %q", p.Code)
	}
	admin.Do(http.MethodPut, path+"/"+row.ID, map[string]any{"suspend": true, "reject_media": true, "reason": "Pior ainda"}).
		Expect(t, http.StatusOK).JSON(t, &row)
	if !row.Suspend || !row.RejectMedia || row.Silence || row.Domain != "spam.example:8443" {
		t.Fatalf("updated %+v", row)
	}
	var list []policyRow
	mod.Do(http.MethodGet, path+`?filter={"q":"spam"}`, nil).Expect(t, http.StatusOK).JSON(t, &list)
	if len(list) != 1 || list[0].ID != row.ID {
		t.Fatalf("list %+v", list)
	}
	mod.Do(http.MethodDelete, path+"/"+row.ID, map[string]any{"reason": ""}).Expect(t, http.StatusUnprocessableEntity)
	mod.Do(http.MethodDelete, path+"/"+row.ID, map[string]any{"reason": "Resolvido com o operador"}).Expect(t, http.StatusNoContent)
	mod.Do(http.MethodGet, path+"/"+row.ID, nil).Expect(t, http.StatusNotFound)
	mod.Do(http.MethodPut, path+"/"+row.ID, map[string]any{"suspend": true, "reason": "x"}).Expect(t, http.StatusNotFound)

	var actions []string
	if err := a.DB.NewRaw(`SELECT action FROM audit_log WHERE target_type = 'instance_policy' AND target_id = ?
		ORDER BY created_at, action`, row.ID).Scan(context.Background(), &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 3 {
		t.Fatalf("audit entries %q, want create, update, remove", actions)
	}
}

// A suspended server's activities are refused before its actor is
// fetched, its remote accounts go (follows severed), and nothing is
// delivered to it; a silenced one's public Notes reach followers only;
// (MediaAllowed: app/instance_policy_test.go.)
func TestInstanceSuspensionAndSilence(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	a := startWithRemote(t, r, nil)
	mod := a.Staff("moderadora", core.RoleModerator)
	lia := a.Member("lia")
	liaActor := base + "/ap/users/" + lia.ID
	now := a.Clock.Now()
	send := func(v map[string]any) {
		t.Helper()
		if status, code := post(t, a, "/ap/inbox", r, ana, activity(v), now); status != http.StatusAccepted {
			t.Fatalf("%s: %d %s", v["type"], status, code)
		}
		processed(t, a, v["id"].(string))
	}
	send(map[string]any{"id": ana + "/follows/1", "type": "Follow", "actor": ana, "object": liaActor})
	handle := "ana@" + r.host()
	lia.Do(http.MethodPost, "/api/v1/profiles/"+handle+"/follow", nil).Expect(t, http.StatusOK)

	// Silenced: Ana's public Note is kept for her followers only.
	var row policyRow
	mod.Do(http.MethodPost, "/api/v1/admin/federation_policies", map[string]any{"domain": r.host(), "silence": true,
		"reject_media": true, "reason": "Muito spam"}).Expect(t, http.StatusCreated).JSON(t, &row)
	if row.Accounts != 1 {
		t.Fatalf("accounts of the domain: %d", row.Accounts)
	}
	send(map[string]any{"id": ana + "/creates/1", "type": "Create", "actor": ana,
		"object": map[string]any{"id": r.srv.URL + "/notes/1", "type": "Note", "attributedTo": ana,
			"to": []string{"https://www.w3.org/ns/activitystreams#Public"}, "content": "<p>Compre já</p>"}})
	var vis string
	if err := a.DB.NewRaw(`SELECT p.visibility FROM posts p JOIN federation_remote_objects o ON o.local_id = p.id
		WHERE o.object_uri = ?`, r.srv.URL+"/notes/1").Scan(context.Background(), &vis); err != nil {
		t.Fatal(err)
	}
	if vis == string(core.VisibilityPublic) {
		t.Fatalf("a silenced server's Note is %s", vis)
	}
	// Suspended: Ana's account goes with her follows both ways.
	mod.Do(http.MethodPut, "/api/v1/admin/federation_policies/"+row.ID, map[string]any{"suspend": true,
		"reason": "Agora suspenso"}).Expect(t, http.StatusOK)
	deadline := time.Now().Add(15 * time.Second)
	for count(t, a, `SELECT count(*) FROM profiles WHERE handle = ?`, handle) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the suspended server's account was not removed")
		}
		time.Sleep(50 * time.Millisecond)
	}
	var profile struct {
		FollowerCount  int `json:"follower_count"`
		FollowingCount int `json:"following_count"`
	}
	lia.Do(http.MethodGet, "/api/v1/profiles/lia", nil).Expect(t, http.StatusOK).JSON(t, &profile)
	if profile.FollowerCount != 0 || profile.FollowingCount != 0 {
		t.Fatalf("follows with a suspended server's account left: %+v", profile)
	}
	served := r.served.Load()
	status, code := post(t, a, "/ap/inbox", r, ana, activity(map[string]any{"id": ana + "/follows/2", "type": "Follow",
		"actor": ana, "object": liaActor}), now)
	if status != http.StatusForbidden || code != app.CodeInstanceSuspended {
		t.Fatalf("a suspended server's Follow: %d %s", status, code)
	}
	if r.served.Load() != served {
		t.Fatal("the suspended server's actor was fetched")
	}
	if n := count(t, a, `SELECT count(*) FROM federation_inbox_activities WHERE activity_id = ?`, ana+"/follows/2"); n != 0 {
		t.Fatal("a suspended server's activity was stored")
	}
}

// A Flag naming our post files a report in the moderation queue, by the
// remote profile, naming its server; one claiming another actor is
// refused and files nothing.
func TestInboxFlagBecomesAReport(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	bia := r.actor(t, "bia", nil)
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	mine := lia.NewPost(t, "Post denunciado", "public")
	now := a.Clock.Now()

	forged := activity(map[string]any{"id": ana + "/flags/forged", "type": "Flag", "actor": bia,
		"object": []string{base + "/ap/posts/" + mine}, "content": "forjada"})
	if status, code := post(t, a, "/ap/inbox", r, ana, forged, now); status != http.StatusUnauthorized ||
		code != app.CodeActorMismatch {
		t.Fatalf("a Flag claiming another actor: %d %s", status, code)
	}
	id := ana + "/flags/1"
	body := activity(map[string]any{"id": id, "type": "Flag", "actor": ana,
		"object": []string{base + "/ap/users/" + lia.ID, base + "/ap/posts/" + mine}, "content": "<p>Spam descarado</p>"})
	if status, code := post(t, a, "/ap/inbox", r, ana, body, now); status != http.StatusAccepted {
		t.Fatalf("Flag: %d %s", status, code)
	}
	processed(t, a, id)
	var reports []struct {
		Reporter string `bun:"handle"`
		Reason   string `bun:"reason"`
	}
	if err := a.DB.NewRaw(`SELECT p.handle, r.reason FROM reports r JOIN profiles p ON p.id = r.reporter_id
		WHERE r.target_type = 'post' AND r.target_id = ?`, mine).Scan(context.Background(), &reports); err != nil {
		t.Fatal(err)
	}
	if len(reports) != 1 || reports[0].Reporter != "ana@"+r.host() ||
		reports[0].Reason != "Denúncia enviada pelo servidor "+r.host()+". Spam descarado" {
		t.Fatalf("reports %+v", reports)
	}
}

// A member blocks a remote account as the member app does (the handle's
// @ escaped in the path): it is listed in their blocks, its follow of
// them ends, and unblocking through the same path works.
func TestMemberBlocksARemoteAccount(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	id := ana + "/follows/1"
	if status, code := post(t, a, "/ap/inbox", r, ana, activity(map[string]any{"id": id, "type": "Follow", "actor": ana,
		"object": base + "/ap/users/" + lia.ID}), a.Clock.Now()); status != http.StatusAccepted {
		t.Fatalf("Follow: %d %s", status, code)
	}
	processed(t, a, id)
	path := "/api/v1/profiles/ana%40" + r.host() + "/block"
	lia.Do(http.MethodPost, path, nil).Expect(t, http.StatusOK)
	var blocks struct {
		Items []struct {
			Handle string `json:"handle"`
		} `json:"items"`
	}
	lia.Do(http.MethodGet, "/api/v1/safety/blocks", nil).Expect(t, http.StatusOK).JSON(t, &blocks)
	if len(blocks.Items) != 1 || blocks.Items[0].Handle != "ana@"+r.host() {
		t.Fatalf("blocks %+v", blocks.Items)
	}
	var profile struct {
		FollowerCount int `json:"follower_count"`
	}
	lia.Do(http.MethodGet, "/api/v1/profiles/lia", nil).Expect(t, http.StatusOK).JSON(t, &profile)
	if profile.FollowerCount != 0 {
		t.Fatalf("the blocked remote account still follows lia: %d", profile.FollowerCount)
	}
	lia.Do(http.MethodDelete, path, nil).Expect(t, http.StatusOK)
	lia.Do(http.MethodGet, "/api/v1/safety/blocks", nil).Expect(t, http.StatusOK).JSON(t, &blocks)
	if len(blocks.Items) != 0 {
		t.Fatalf("after unblocking: %+v", blocks.Items)
	}
}
