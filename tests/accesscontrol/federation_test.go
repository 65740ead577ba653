package accesscontrol_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"go.uber.org/fx"

	"social/config"
	"social/kit/httpkit"
	"social/plugins/federation"
	at "social/tests/testkit/apptest"
)

// federationRoutes are the federation plugin's addresses: public protocol
// documents, outside the API document (their paths and shapes are the
// social web's). Each is read-only and anonymous by design; this list is
// checked against what the plugin mounts, so a new route must be judged
// and added here.
var federationRoutes = []string{
	"GET /.well-known/webfinger",
	"GET /.well-known/host-meta",
	"GET /.well-known/nodeinfo",
	"GET /nodeinfo/2.1",
	"GET /ap/users/{id}",
	"GET /ap/users/{id}/followers",
	"GET /ap/users/{id}/following",
	"GET /ap/users/{id}/outbox",
	"GET /ap/posts/{id}",
	"GET /ap/comments/{id}",
	"GET /ap/actor",
	"GET /profile/{handle}",
	"GET /post/{id}",
}

// federationInboxes are where other servers POST activities: signed with
// the sender's key (HTTP Signatures), never with a session.
var federationInboxes = []string{
	"POST /ap/users/{id}/inbox",
	"POST /ap/inbox",
}

// answerOf is what an answer says: a problem's code (its request id
// differs each time), any other answer's body.
func answerOf(r *at.Response) string {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "application/problem+json") {
		var p at.Problem
		_ = json.Unmarshal(r.Body, &p)
		return p.Code
	}
	return string(r.Body)
}

type mountList struct {
	fx.In
	List []httpkit.Mount `group:"http_mounts"`
}

// Federation's routes read no session: a member's token, even a
// follower's, gets what an anonymous server gets (no followers-only post
// shows through), no write method is served, and no parameter makes one
// fail with a 5xx.
func TestFederationRoutesArePublicAndReadOnly(t *testing.T) {
	t.Parallel()
	var mounts mountList
	app := at.StartPopulating(t, func(cfg *config.Config) {
		cfg.Plugins[federation.Name] = config.PluginSwitch{Enabled: true}
		s, err := config.PluginSettings[federation.Config](cfg, federation.Name)
		if err != nil {
			t.Fatal(err)
		}
		s.Federation.AllowLoopbackHTTP = true
	}, &mounts)
	var mounted []string
	for _, m := range mounts.List {
		if slices.Contains(federationRoutes, m.Pattern) {
			mounted = append(mounted, m.Pattern)
		} else if slices.Contains(federationInboxes, m.Pattern) {
			continue
		} else if strings.Contains(m.Pattern, "/ap/") || strings.Contains(m.Pattern, "nodeinfo") ||
			strings.Contains(m.Pattern, "webfinger") || strings.Contains(m.Pattern, "host-meta") {
			t.Errorf("%s is mounted and not judged here", m.Pattern)
		}
	}
	if len(mounted) != len(federationRoutes) {
		t.Fatalf("mounted %v, listed %v", mounted, federationRoutes)
	}

	ana, bia := app.Member("ana"), app.Member("bia")
	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	hidden := ana.NewPost(t, "só para quem me segue", "friends_only")
	fill := func(pattern string, id, handle string) string {
		_, path, _ := strings.Cut(pattern, " ")
		path = strings.ReplaceAll(path, "{id}", id)
		path = strings.ReplaceAll(path, "{handle}", handle)
		if strings.HasSuffix(path, "/webfinger") {
			path += "?resource=acct:ana@localhost:8080"
		}
		return path
	}
	for _, pattern := range federationRoutes {
		id := ana.ID
		if strings.Contains(pattern, "/post") {
			id = hidden
		}
		path := fill(pattern, id, "ana")
		const accept = "application/activity+json"
		anonymous := app.Client().Do(http.MethodGet, path, nil, "Accept", accept)
		follower := bia.Do(http.MethodGet, path, nil, "Accept", accept)
		if follower.Status != anonymous.Status || answerOf(follower) != answerOf(anonymous) {
			t.Errorf("%s: a follower's token changed the answer: %d %.200s, anonymous %d %.200s", path,
				follower.Status, follower.Body, anonymous.Status, anonymous.Body)
		}
		if strings.Contains(path, "/post") && anonymous.Status != http.StatusNotFound {
			t.Errorf("%s: a followers-only post answered %d", path, anonymous.Status)
		}
		for _, method := range []string{http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
			if r := bia.Do(method, path, map[string]any{"type": "Create"}, "Content-Type", accept); r.Status < 400 || r.Status >= 500 {
				t.Errorf("%s %s: %d", method, path, r.Status)
			}
		}
		for _, wrong := range []string{fill(pattern, "não-é-id", "%00"), path + "?page=true&cursor=%00&from=x",
			path + "?resource=" + strings.Repeat("a", 3000), fill(pattern, "01930000-0000-7000-8000-000000000000", "ninguem")} {
			if r := app.Client().Do(http.MethodGet, wrong, nil, "Accept", accept); r.Status >= 500 {
				t.Errorf("GET %s: %d %.200s", wrong, r.Status, r.Body)
			}
		}
	}

	// The inboxes take no session: a member's token is no signature.
	for _, pattern := range federationInboxes {
		path := fill(pattern, ana.ID, "ana")
		body := map[string]any{"id": "https://remote.example/1", "type": "Follow",
			"actor": "https://remote.example/users/x", "object": "http://localhost:8080/ap/users/" + ana.ID}
		const ct = "application/activity+json"
		anonymous := app.Client().Do(http.MethodPost, path, body, "Content-Type", ct)
		member := bia.Do(http.MethodPost, path, body, "Content-Type", ct)
		if anonymous.Status != http.StatusUnauthorized || member.Status != http.StatusUnauthorized ||
			answerOf(member) != answerOf(anonymous) {
			t.Errorf("POST %s unsigned: anonymous %d %s, member %d %s", path, anonymous.Status, anonymous.Body,
				member.Status, member.Body)
		}
	}
}
