package federation_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	core "social/core/domain"
	moderation "social/features/moderation/app"
	"social/plugins/federation/app"
)

// The site actor is an Application with its own key, served to servers
// at /ap/actor (a browser goes to the home page) and found by WebFinger
// as acct:<domain>@<domain>, as Mastodon's instance actor is.
func TestSiteActor(t *testing.T) {
	t.Parallel()
	a := startOn(t)
	lia := a.Member("lia")
	var site actor
	document(t, get(a.Client(), "/ap/actor", activityJSON), &site)
	if site.ID != base+"/ap/actor" || site.Type != "Application" || site.PreferredUsername != "localhost" ||
		site.Inbox != base+"/ap/inbox" || site.PublicKey.ID != base+"/ap/actor#main-key" ||
		site.PublicKey.Owner != site.ID || !strings.HasPrefix(site.PublicKey.PublicKeyPem, "-----BEGIN PUBLIC KEY-----") ||
		site.ManuallyApprovesFollowers == nil || !*site.ManuallyApprovesFollowers {
		t.Fatalf("site actor %+v", site)
	}
	// Its key is its own, made once, and not a member's.
	var again actor
	document(t, get(a.Client(), "/ap/actor", activityJSON), &again)
	if again.PublicKey.PublicKeyPem != site.PublicKey.PublicKeyPem ||
		fetchActor(t, a, lia.ID).PublicKey.PublicKeyPem == site.PublicKey.PublicKeyPem {
		t.Fatal("the site actor's key changed between fetches or is a member's")
	}
	if r := get(a.Client(), "/ap/actor", browser); r.Status != http.StatusSeeOther || r.Header.Get("Location") != base+"/" {
		t.Fatalf("a browser at /ap/actor: %d %q", r.Status, r.Header.Get("Location"))
	}
	for _, resource := range []string{"acct:" + domain + "@" + domain, "acct:localhost@" + domain, base + "/ap/actor"} {
		var jrd struct {
			Subject string
			Links   []struct{ Rel, Type, Href string }
		}
		a.Client().Do(http.MethodGet, "/.well-known/webfinger?resource="+resource, nil).Expect(t, http.StatusOK).JSON(t, &jrd)
		if jrd.Subject != "acct:localhost@"+domain || len(jrd.Links) == 0 || jrd.Links[0].Rel != "self" ||
			jrd.Links[0].Href != site.ID {
			t.Fatalf("webfinger %s: %+v", resource, jrd)
		}
	}
}

// A moderator forwards a report about another server's account's comment
// to that server: a Flag signed by the site actor reaches its shared
// inbox, naming the account and the Note, with the moderator's text and
// never the reporter. A second forward sends nothing; a report about a
// member's post is refused, as is a member.
func TestForwardReportToTheRemoteServer(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	a := startWithRemote(t, r, nil)
	inbox := newRemote(t, a)
	ana := r.actor(t, "ana", func(doc map[string]any) {
		doc["endpoints"] = map[string]any{"sharedInbox": inbox.URL("/inbox")}
	})
	lia := a.Member("lia")
	bia := a.Member("bia")
	mod := a.Staff("moderadora", core.RoleModerator)
	mine := lia.NewPost(t, "Meu post", "public")
	note := r.srv.URL + "/notes/1"
	create := activity(map[string]any{"id": ana + "/creates/1", "type": "Create", "actor": ana,
		"object": map[string]any{"id": note, "type": "Note", "attributedTo": ana,
			"inReplyTo": base + "/ap/posts/" + mine, "cc": []string{"https://www.w3.org/ns/activitystreams#Public"},
			"content": "<p>Compre já!</p>"}})
	if status, code := post(t, a, "/ap/inbox", r, ana, create, a.Clock.Now()); status != http.StatusAccepted {
		t.Fatalf("Create: %d %s", status, code)
	}
	processed(t, a, ana+"/creates/1")
	var comment string
	if err := a.DB.NewRaw(`SELECT local_id::text FROM federation_remote_objects WHERE object_uri = ?`, note).
		Scan(context.Background(), &comment); err != nil {
		t.Fatal(err)
	}
	lia.Do(http.MethodPost, "/api/v1/comments/"+comment+"/report", map[string]string{"reason": "Spam de lia"}).
		Expect(t, http.StatusCreated)
	bia.Do(http.MethodPost, "/api/v1/posts/"+mine+"/report", map[string]string{"reason": "post local"}).
		Expect(t, http.StatusCreated)
	var remoteReport, localReport string
	if err := a.DB.NewRaw(`SELECT id::text FROM reports WHERE target_id = ?`, comment).Scan(context.Background(), &remoteReport); err != nil {
		t.Fatal(err)
	}
	if err := a.DB.NewRaw(`SELECT id::text FROM reports WHERE target_id = ?`, mine).Scan(context.Background(), &localReport); err != nil {
		t.Fatal(err)
	}
	path := func(id string) string { return "/api/v1/admin/reports/" + id + "/forward" }

	bia.Do(http.MethodPost, path(remoteReport), map[string]string{}).Expect(t, http.StatusForbidden)
	if p := mod.Do(http.MethodPost, path(localReport), map[string]string{}).Expect(t, http.StatusUnprocessableEntity).
		Problem(t); p.Code != app.CodeReportNotRemote {
		t.Fatalf("a local report: %q", p.Code)
	}
	if p := mod.Do(http.MethodPost, path(remoteReport), map[string]string{"content": strings.Repeat("x", 501)}).
		Expect(t, http.StatusUnprocessableEntity).Problem(t); p.Code != moderation.CodeReasonTooLong {
		t.Fatalf("a text too long: %q", p.Code)
	}
	mod.Do(http.MethodPost, path("0190d6a8-0000-7000-8000-000000000000"), map[string]string{}).Expect(t, http.StatusNotFound)
	// Before it is forwarded, the console reads that it was not.
	if p := mod.Do(http.MethodGet, path(remoteReport), nil).Expect(t, http.StatusNotFound).
		Problem(t); p.Code != app.CodeReportNotForwarded {
		t.Fatalf("an unforwarded report: %q", p.Code)
	}
	bia.Do(http.MethodGet, path(remoteReport), nil).Expect(t, http.StatusForbidden)
	if n := count(t, a, `SELECT count(*) FROM federation_forwarded_reports`); n != 0 {
		t.Fatalf("refused forwards stored %d", n)
	}

	type forwarded struct {
		Server      string    `json:"server"`
		ActivityID  string    `json:"activity_id"`
		Content     string    `json:"content"`
		ForwardedBy string    `json:"forwarded_by"`
		ForwardedAt time.Time `json:"forwarded_at"`
	}
	var first, second, read forwarded
	mod.Do(http.MethodPost, path(remoteReport), map[string]string{"content": " Propaganda em massa "}).
		Expect(t, http.StatusOK).JSON(t, &first)
	if first.Server != r.host() || first.Content != "Propaganda em massa" || first.ForwardedBy != mod.ID ||
		!strings.HasPrefix(first.ActivityID, base+"/ap/actor/") {
		t.Fatalf("forwarded %+v", first)
	}
	got := inbox.Await(1)
	d := got[0]
	if d.Path != "/inbox" || d.KeyID != base+"/ap/actor#main-key" {
		t.Fatalf("delivered to %s signed by %s", d.Path, d.KeyID)
	}
	objects, _ := d.Activity["object"].([]any)
	if d.Activity["type"] != "Flag" || d.Activity["id"] != first.ActivityID || d.Activity["actor"] != base+"/ap/actor" ||
		len(objects) != 2 || objects[0] != ana || objects[1] != note || d.Activity["content"] != "Propaganda em massa" {
		t.Fatalf("Flag %+v", d.Activity)
	}
	if raw := d.Activity; strings.Contains(strings.ToLower(toJSON(raw)), "lia") {
		t.Fatalf("the Flag names the reporter: %v", raw)
	}

	// Again, even with another text: the same answer, nothing sent.
	mod.Do(http.MethodPost, path(remoteReport), map[string]string{"content": "Outro texto"}).
		Expect(t, http.StatusOK).JSON(t, &second)
	if second.ActivityID != first.ActivityID || second.Content != first.Content || !second.ForwardedAt.Equal(first.ForwardedAt) {
		t.Fatalf("second forward %+v, first %+v", second, first)
	}
	if n := count(t, a, `SELECT count(*) FROM river_job WHERE kind = 'federation.deliver' AND args->'activity'->>'type' = 'Flag'`); n != 1 {
		t.Fatalf("%d Flags queued, want 1", n)
	}
	if n := count(t, a, `SELECT count(*) FROM audit_log WHERE action = 'federation.report.forward' AND target_id = ?`, remoteReport); n != 1 {
		t.Fatalf("%d audit entries, want 1", n)
	}
	time.Sleep(200 * time.Millisecond)
	if n := len(inbox.Received()); n != 1 {
		t.Fatalf("%d deliveries, want 1", n)
	}
	// The console reads the forwarding as it was answered.
	mod.Do(http.MethodGet, path(remoteReport), nil).Expect(t, http.StatusOK).JSON(t, &read)
	if read.ActivityID != first.ActivityID || read.Server != first.Server || read.Content != first.Content ||
		read.ForwardedBy != mod.ID || !read.ForwardedAt.Equal(first.ForwardedAt) {
		t.Fatalf("read %+v, forwarded %+v", read, first)
	}
}

func toJSON(v any) string {
	raw, _ := json.Marshal(v)
	return string(raw)
}
