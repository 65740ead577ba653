package federation_test

import (
	"bytes"
	"context"
	"crypto"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"social/config"
	"social/kit/httpsig"
	"social/plugins/federation"
	"social/plugins/federation/app"
	at "social/tests/testkit/apptest"
)

// remoteServer is another server of the social web, as an httptest
// server: it serves its actors' documents (with real RSA keys) and signs
// the activities the test sends from them.
type remoteServer struct {
	srv    *httptest.Server
	keys   map[string]crypto.Signer
	docs   map[string]map[string]any
	served atomic.Int32
	// mu guards docs: a test changes an actor while the server runs.
	mu sync.Mutex
}

func newFakeServer(t *testing.T) *remoteServer {
	t.Helper()
	r := &remoteServer{keys: map[string]crypto.Signer{}, docs: map[string]map[string]any{}}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.mu.Lock()
		defer r.mu.Unlock()
		doc, ok := r.docs[req.URL.Path]
		if req.URL.Path == "/.well-known/webfinger" {
			doc, ok = r.finger(req.URL.Query().Get("resource"))
		}
		if !ok {
			http.NotFound(w, req)
			return
		}
		r.served.Add(1)
		w.Header().Set("Content-Type", "application/activity+json")
		if req.URL.Path == "/.well-known/webfinger" {
			w.Header().Set("Content-Type", "application/jrd+json")
		}
		_ = json.NewEncoder(w).Encode(doc)
	}))
	t.Cleanup(r.srv.Close)
	return r
}

// finger is the WebFinger answer for resource, acct:user@host of one of
// the server's actors.
func (r *remoteServer) finger(resource string) (map[string]any, bool) {
	user, ok := strings.CutSuffix(strings.TrimPrefix(resource, "acct:"), "@"+r.host())
	if _, known := r.docs["/users/"+user]; !ok || !known {
		return nil, false
	}
	return map[string]any{"subject": resource, "links": []any{
		map[string]any{"rel": "self", "type": "application/activity+json", "href": r.srv.URL + "/users/" + user}}}, true
}

// host is the server's host:port, the domain of its accounts.
func (r *remoteServer) host() string { return strings.TrimPrefix(r.srv.URL, "http://") }

// actor adds a Person named user and answers its id; tweak changes the
// document before it is served.
func (r *remoteServer) actor(t *testing.T, user string, tweak func(map[string]any)) string {
	t.Helper()
	key, err := httpsig.GenerateRSAKey()
	if err != nil {
		t.Fatal(err)
	}
	pem, err := httpsig.PublicKeyPEM(key.Public())
	if err != nil {
		t.Fatal(err)
	}
	id := r.srv.URL + "/users/" + user
	doc := map[string]any{
		"@context":          []any{"https://www.w3.org/ns/activitystreams", "https://w3id.org/security/v1"},
		"id":                id,
		"type":              "Person",
		"preferredUsername": user,
		"name":              strings.ToUpper(user[:1]) + user[1:] + " de Fora",
		"summary":           "<p>Olá <a href=\"https://example.org/x\">site</a></p>",
		"url":               r.srv.URL + "/@" + user,
		"inbox":             id + "/inbox",
		"endpoints":         map[string]any{"sharedInbox": r.srv.URL + "/inbox"},
		"publicKey":         map[string]any{"id": id + "#main-key", "owner": id, "publicKeyPem": pem},
	}
	if tweak != nil {
		tweak(doc)
	}
	r.mu.Lock()
	r.docs["/users/"+user] = doc
	r.mu.Unlock()
	r.keys[id] = key
	return id
}

// rename changes the name user's actor document shows.
func (r *remoteServer) rename(user, name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.docs["/users/"+user]["name"] = name
}

// startWithRemote boots the app with federation on, loopback allowed
// (federation.allow_loopback_http: the fake server is on this machine).
func startWithRemote(t *testing.T, _ *remoteServer, tweak func(*config.Config, *federation.Config)) *at.App {
	t.Helper()
	return at.Start(t, on(tweak))
}

// post sends body to path signed with the key of signer (none when
// signer is ""), dated now.
func post(t *testing.T, a *at.App, path string, r *remoteServer, signer string, body []byte, now time.Time) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, a.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/activity+json")
	req.Header.Set("X-Forwarded-For", "203.0.113.9")
	if signer != "" {
		s := httpsig.Signer{KeyID: signer + "#main-key", Key: r.keys[signer], Now: func() time.Time { return now }}
		if err := s.Sign(req, body); err != nil {
			t.Fatal(err)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var p struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(raw, &p)
	if resp.StatusCode >= 500 && p.Code != app.CodeBusy {
		t.Fatalf("POST %s: %d %s", path, resp.StatusCode, raw)
	}
	return resp.StatusCode, p.Code
}

func activity(v map[string]any) []byte {
	v["@context"] = "https://www.w3.org/ns/activitystreams"
	raw, _ := json.Marshal(v)
	return raw
}

// processed waits for the job of activity id to have run.
func processed(t *testing.T, a *at.App, id string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		var done bool
		err := a.DB.NewRaw(`SELECT processed_at IS NOT NULL FROM federation_inbox_activities WHERE activity_id = ?`, id).
			Scan(context.Background(), &done)
		if err == nil && done {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("activity %s not processed", id)
}

func count(t *testing.T, a *at.App, query string, args ...any) int {
	t.Helper()
	var n int
	if err := a.DB.NewRaw(query, args...).Scan(context.Background(), &n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Hostile deliveries are refused with their status and code, store
// nothing, and never answer a 5xx.
func TestInboxRefusesWhatItCannotTrust(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	bob := r.actor(t, "bob", nil)
	evil := r.actor(t, "evil", func(d map[string]any) { d["inbox"] = "https://10.0.0.5/inbox" })
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	liaActor := base + "/ap/users/" + lia.ID
	now := a.Clock.Now()
	follow := func(n int, actor string) []byte {
		return activity(map[string]any{"id": fmt.Sprintf("%s/follows/%d", actor, n), "type": "Follow",
			"actor": actor, "object": liaActor})
	}

	cases := []struct {
		name   string
		path   string
		signer string
		body   []byte
		at     time.Time
		status int
		code   string
	}{
		{"unsigned", "/ap/inbox", "", follow(1, ana), now, http.StatusUnauthorized, "federation_bad_signature"},
		{"key of another actor", "/ap/inbox", bob, follow(2, ana), now, http.StatusUnauthorized, "federation_actor_mismatch"},
		{"replayed", "/ap/inbox", ana, follow(3, ana), now.Add(-2 * time.Hour), http.StatusUnauthorized, "federation_bad_signature"},
		{"dated ahead", "/ap/inbox", ana, follow(4, ana), now.Add(time.Hour), http.StatusUnauthorized, "federation_bad_signature"},
		{"object of another host", "/ap/users/" + lia.ID + "/inbox", ana, activity(map[string]any{
			"id": ana + "/creates/1", "type": "Create", "actor": ana, "to": []string{"https://www.w3.org/ns/activitystreams#Public"},
			"object": map[string]any{"id": "https://elsewhere.example/notes/1", "type": "Note", "attributedTo": ana, "content": "oi"},
		}), now, http.StatusForbidden, "federation_foreign_object"},
		{"note of another actor", "/ap/inbox", ana, activity(map[string]any{
			"id": ana + "/creates/2", "type": "Create", "actor": ana,
			"object": map[string]any{"id": r.srv.URL + "/notes/2", "type": "Note", "attributedTo": bob, "content": "oi"},
		}), now, http.StatusForbidden, "federation_foreign_object"},
		{"actor with a private inbox", "/ap/inbox", evil, follow(5, evil), now, http.StatusUnauthorized, "federation_unknown_actor"},
		{"deeply nested", "/ap/inbox", ana, []byte(`{"id":"` + ana + `/x","type":"Note","actor":"` + ana + `","object":` +
			strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`), now, http.StatusBadRequest, "federation_bad_activity"},
		{"not JSON", "/ap/inbox", ana, []byte(`{"id":`), now, http.StatusBadRequest, "federation_bad_activity"},
		{"10 MB", "/ap/inbox", ana, bytes.Repeat([]byte(" "), 10<<20), now, http.StatusRequestEntityTooLarge, "federation_too_large"},
		{"inbox of nobody", "/ap/users/0192f000-0000-7000-8000-000000000009/inbox", ana, follow(6, ana), now, http.StatusNotFound, "federation_inbox_not_found"},
	}
	for _, c := range cases {
		status, code := post(t, a, c.path, r, c.signer, c.body, c.at)
		if status != c.status || code != c.code {
			t.Errorf("%s: %d %s, want %d %s", c.name, status, code, c.status, c.code)
		}
	}

	// Signed, then changed on the way: the Digest no longer matches.
	body := follow(7, ana)
	req, _ := http.NewRequest(http.MethodPost, a.URL+"/ap/inbox", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/activity+json")
	s := httpsig.Signer{KeyID: ana + "#main-key", Key: r.keys[ana], Now: func() time.Time { return now }}
	if err := s.Sign(req, body); err != nil {
		t.Fatal(err)
	}
	tampered := bytes.Replace(body, []byte("follows/7"), []byte("follows/8"), 1)
	req.Body, req.ContentLength = io.NopCloser(bytes.NewReader(tampered)), int64(len(tampered))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("tampered body: %d", resp.StatusCode)
	}

	if n := count(t, a, `SELECT count(*) FROM federation_inbox_activities`); n != 0 {
		t.Errorf("%d activities stored", n)
	}
	if n := count(t, a, `SELECT count(*) FROM follows`); n != 0 {
		t.Errorf("%d follows stored", n)
	}
	if n := count(t, a, `SELECT count(*) FROM profiles WHERE handle LIKE 'evil@%'`); n != 0 {
		t.Errorf("the actor with a private inbox was kept")
	}
}

// A server over its limit gets 429 until the minute passes.
func TestInboxLimitsEachServer(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	a := startWithRemote(t, r, func(c *config.Config, s *federation.Config) {
		s.Federation.Inbox.PerHostPerMinute = 2
		c.HTTP.TrustedProxies = []string{"127.0.0.1"} // the posts name their sender's address
	})
	lia := a.Member("lia")
	// Someone elsewhere naming ana's server in forged signatures spends
	// their own allowance, not that server's.
	for i := range 3 {
		req, _ := http.NewRequest(http.MethodPost, a.URL+"/ap/inbox", bytes.NewReader(activity(map[string]any{
			"id": fmt.Sprintf("%s/forged/%d", ana, i), "type": "Like", "actor": ana, "object": base + "/ap/users/" + lia.ID})))
		req.Header.Set("Content-Type", "application/activity+json")
		req.Header.Set("X-Forwarded-For", "198.51.100.7")
		req.Header.Set("Signature", `keyId="`+ana+`#main-key",algorithm="rsa-sha256",headers="(request-target) date",signature="Zm9yZ2Vk"`)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if want := map[bool]int{true: http.StatusUnauthorized, false: http.StatusTooManyRequests}[i < 2]; resp.StatusCode != want {
			t.Fatalf("forged activity %d: %d, want %d", i, resp.StatusCode, want)
		}
	}
	for i := range 3 {
		body := activity(map[string]any{"id": fmt.Sprintf("%s/likes/%d", ana, i), "type": "Like", "actor": ana,
			"object": base + "/ap/users/" + lia.ID})
		status, code := post(t, a, "/ap/inbox", r, ana, body, a.Clock.Now())
		if want := map[bool]int{true: http.StatusAccepted, false: http.StatusTooManyRequests}[i < 2]; status != want {
			t.Fatalf("activity %d: %d %s, want %d", i, status, code, want)
		}
	}
}

// The inbox receives a few activities at once: one that finds no place
// within the wait is answered 503 with Retry-After (its server sends it
// again later), and nothing of it is kept; the ones admitted go through.
func TestInboxReceivesAFewAtOnce(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana, bia := r.actor(t, "ana", nil), r.actor(t, "bia", nil)
	a := startWithRemote(t, r, func(_ *config.Config, s *federation.Config) {
		s.Federation.Inbox.Concurrency, s.Federation.Inbox.Wait = 1, 0
	})
	lia := a.Member("lia")
	like := func(actor string, n int) []byte {
		return activity(map[string]any{"id": fmt.Sprintf("%s/likes/%d", actor, n), "type": "Like", "actor": actor,
			"object": base + "/ap/users/" + lia.ID})
	}
	if status, code := post(t, a, "/ap/inbox", r, bia, like(bia, 0), a.Clock.Now()); status != http.StatusAccepted {
		t.Fatalf("bia's first activity: %d %s", status, code)
	}

	// ana's server is slow to answer for her actor: her activity holds the
	// one place while her key is fetched.
	r.mu.Lock()
	first := make(chan int, 1)
	send := func() {
		go func() {
			status, _ := post(t, a, "/ap/inbox", r, ana, like(ana, 1), a.Clock.Now())
			first <- status
		}()
	}
	send()
	turnedAway := false
	for n := 1; n <= 200 && !turnedAway; n++ {
		select {
		case status := <-first: // one of bia's held the place: ana's server sends it again
			if status != http.StatusServiceUnavailable {
				t.Fatalf("ana's activity answered %d while her server was not answering", status)
			}
			send()
		default:
		}
		status, code := post(t, a, "/ap/inbox", r, bia, like(bia, n), a.Clock.Now())
		switch {
		case status == http.StatusServiceUnavailable && code == app.CodeBusy:
			turnedAway = true
			if got := count(t, a, `SELECT count(*) FROM federation_inbox_activities WHERE activity_id = ?`,
				fmt.Sprintf("%s/likes/%d", bia, n)); got != 0 {
				t.Errorf("an activity turned away was kept")
			}
		case status == http.StatusAccepted: // ana's had not taken the place yet
			time.Sleep(20 * time.Millisecond)
		default:
			t.Fatalf("bia's activity %d: %d %s", n, status, code)
		}
	}
	r.mu.Unlock()
	if !turnedAway {
		t.Fatal("no activity was turned away while ana's held the only place")
	}
	if status := <-first; status != http.StatusAccepted {
		t.Fatalf("ana's activity: %d", status)
	}
}

// What remote actors send becomes the same writes members make: a Follow
// a follow, a Note of a followed account a post in the follower's
// 'Seguindo', a reply a comment, a Like a like, a Delete the post gone.
// Each activity is applied once, however often it is delivered.
func TestInboxAppliesActivities(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	liaActor := base + "/ap/users/" + lia.ID
	now := a.Clock.Now()
	send := func(v map[string]any) {
		t.Helper()
		body := activity(v)
		for range 2 { // servers retry: twice is once
			if status, code := post(t, a, "/ap/users/"+lia.ID+"/inbox", r, ana, body, now); status != http.StatusAccepted {
				t.Fatalf("%s: %d %s", v["type"], status, code)
			}
		}
		processed(t, a, v["id"].(string))
	}

	send(map[string]any{"id": ana + "/follows/1", "type": "Follow", "actor": ana, "object": liaActor})
	var profile struct {
		FollowerCount int     `json:"follower_count"`
		Handle        string  `json:"handle"`
		Domain        *string `json:"domain"`
		DisplayName   string  `json:"display_name"`
		Bio           *string `json:"bio"`
	}
	lia.Do(http.MethodGet, "/api/v1/profiles/lia", nil).Expect(t, http.StatusOK).JSON(t, &profile)
	if profile.FollowerCount != 1 {
		t.Fatalf("lia's followers after a Follow: %d", profile.FollowerCount)
	}
	// The Follow is accepted: an Accept, signed as Lia, queued to Ana's
	// inbox once.
	if n := count(t, a, `SELECT count(*) FROM river_job WHERE kind = 'federation.deliver'
		AND args->>'inbox' = ? AND args->'activity'->>'type' = 'Accept'
		AND args->'activity'->'object'->>'id' = ? AND args->>'signer' = ?`, ana+"/inbox", ana+"/follows/1", lia.ID); n != 1 {
		t.Fatalf("%d Accepts queued, want 1", n)
	}
	var followers struct {
		OrderedItems []string `json:"orderedItems"`
	}
	document(t, get(a.Client(), "/ap/users/"+lia.ID+"/followers?page=true", activityJSON), &followers)
	if len(followers.OrderedItems) != 1 || followers.OrderedItems[0] != ana {
		t.Fatalf("lia's followers collection: %q, want Ana's actor", followers.OrderedItems)
	}
	handle := "ana@" + r.host()
	lia.Do(http.MethodGet, "/api/v1/profiles/"+handle, nil).Expect(t, http.StatusOK).JSON(t, &profile)
	if profile.Domain == nil || *profile.Domain != r.host() || profile.DisplayName != "Ana de Fora" ||
		profile.Bio == nil || *profile.Bio != "Olá site (https://example.org/x)" {
		t.Fatalf("remote profile %+v", profile)
	}

	// Lia follows Ana back; Ana's public Note reaches her 'Seguindo'.
	lia.Do(http.MethodPost, "/api/v1/profiles/"+handle+"/follow", nil).Expect(t, http.StatusOK)
	noteID := r.srv.URL + "/notes/1"
	send(map[string]any{"id": ana + "/creates/1", "type": "Create", "actor": ana,
		"to": []string{"https://www.w3.org/ns/activitystreams#Public"},
		"object": map[string]any{"id": noteID, "type": "Note", "attributedTo": ana,
			"to":      []string{"https://www.w3.org/ns/activitystreams#Public"},
			"content": "<p>Bom dia <script>alert(1)</script><b>Recife</b></p>"}})
	var postID string
	if err := a.DB.NewRaw(`SELECT local_id::text FROM federation_remote_objects WHERE object_uri = ?`, noteID).
		Scan(context.Background(), &postID); err != nil {
		t.Fatalf("the Note made no post: %v", err)
	}
	var got struct {
		TextContent string `json:"text_content"`
	}
	lia.Do(http.MethodGet, "/api/v1/posts/"+postID, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.TextContent != "Bom dia Recife" {
		t.Fatalf("post text %q", got.TextContent)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !contains(lia.ListIDs(t, "/api/v1/feed?algorithm=following"), postID) {
		if time.Now().After(deadline) {
			t.Fatal("Ana's Note is not in Lia's 'Seguindo'")
		}
		time.Sleep(100 * time.Millisecond)
	}

	// A reply to Lia's post is a comment; a Like is counted.
	mine := lia.NewPost(t, "Meu post", "public")
	send(map[string]any{"id": ana + "/creates/2", "type": "Create", "actor": ana,
		"object": map[string]any{"id": r.srv.URL + "/notes/2", "type": "Note", "attributedTo": ana,
			"inReplyTo": base + "/ap/posts/" + mine, "cc": []string{"https://www.w3.org/ns/activitystreams#Public"},
			"content": "<p>Que legal!</p>"}})
	send(map[string]any{"id": ana + "/likes/1", "type": "Like", "actor": ana, "object": base + "/ap/posts/" + mine})
	var counts struct {
		LikeCount    int `json:"like_count"`
		CommentCount int `json:"comment_count"`
	}
	lia.Do(http.MethodGet, "/api/v1/posts/"+mine, nil).Expect(t, http.StatusOK).JSON(t, &counts)
	if counts.LikeCount != 1 || counts.CommentCount != 1 {
		t.Fatalf("after a reply and a Like: %+v", counts)
	}
	send(map[string]any{"id": ana + "/likes/1/undo", "type": "Undo", "actor": ana,
		"object": map[string]any{"id": ana + "/likes/1", "type": "Like", "actor": ana, "object": base + "/ap/posts/" + mine}})
	lia.Do(http.MethodGet, "/api/v1/posts/"+mine, nil).Expect(t, http.StatusOK).JSON(t, &counts)
	if counts.LikeCount != 0 {
		t.Fatalf("after Undo(Like): %+v", counts)
	}

	// Delete of the Note: the post is gone.
	send(map[string]any{"id": ana + "/deletes/1", "type": "Delete", "actor": ana,
		"object": map[string]any{"id": noteID, "type": "Tombstone"}})
	lia.Do(http.MethodGet, "/api/v1/posts/"+postID, nil).Expect(t, http.StatusNotFound)

	// Undo(Follow): Lia has no follower left.
	send(map[string]any{"id": ana + "/follows/1/undo", "type": "Undo", "actor": ana,
		"object": map[string]any{"id": ana + "/follows/1", "type": "Follow", "actor": ana, "object": liaActor}})
	lia.Do(http.MethodGet, "/api/v1/profiles/lia", nil).Expect(t, http.StatusOK).JSON(t, &profile)
	if profile.FollowerCount != 0 {
		t.Fatalf("lia's followers after Undo(Follow): %d", profile.FollowerCount)
	}

	// The actor was fetched once: its document is kept a day.
	if n := r.served.Load(); n != 1 {
		t.Fatalf("actor fetched %d times", n)
	}
}

func contains(ids []string, id string) bool {
	for _, s := range ids {
		if s == id {
			return true
		}
	}
	return false
}

// An Update of the sender's own Person refreshes its remote profile from
// its server's document (not from the activity's object, which may be
// partial); an Update of another actor's Person is refused and changes
// nothing.
func TestInboxUpdateOfAPerson(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	bob := r.actor(t, "bob", nil)
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	liaActor := base + "/ap/users/" + lia.ID
	now := a.Clock.Now()
	send := func(signer string, v map[string]any) (int, string) {
		t.Helper()
		return post(t, a, "/ap/inbox", r, signer, activity(v), now)
	}
	for _, who := range []string{ana, bob} {
		if status, code := send(who, map[string]any{"id": who + "/follows/1", "type": "Follow", "actor": who,
			"object": liaActor}); status != http.StatusAccepted {
			t.Fatalf("follow: %d %s", status, code)
		}
		processed(t, a, who+"/follows/1")
	}
	name := func(user string) string {
		t.Helper()
		var p struct {
			DisplayName string `json:"display_name"`
		}
		lia.Do(http.MethodGet, "/api/v1/profiles/"+user+"@"+r.host(), nil).Expect(t, http.StatusOK).JSON(t, &p)
		return p.DisplayName
	}

	// Ana renames herself: the Update carries only what changed; her
	// server's document is read again.
	r.rename("ana", "Ana Renomeada")
	fetched := r.served.Load()
	update := map[string]any{"id": ana + "#updates/1", "type": "Update", "actor": ana,
		"object": map[string]any{"id": ana, "type": "Person", "name": "Ana Renomeada"}}
	if status, code := send(ana, update); status != http.StatusAccepted {
		t.Fatalf("update of her own Person: %d %s", status, code)
	}
	processed(t, a, ana+"#updates/1")
	if got := name("ana"); got != "Ana Renomeada" {
		t.Fatalf("ana's name after her Update: %q", got)
	}
	if n := r.served.Load() - fetched; n != 1 {
		t.Fatalf("ana's actor fetched %d times after her Update, want 1", n)
	}

	// Ana updates Bob's Person (same server): refused, nothing kept.
	status, code := send(ana, map[string]any{"id": ana + "#updates/2", "type": "Update", "actor": ana,
		"object": map[string]any{"id": bob, "type": "Person", "name": "Bob Sequestrado",
			"inbox": ana + "/inbox"}})
	if status != http.StatusForbidden || code != "federation_foreign_object" {
		t.Fatalf("update of another's Person: %d %s, want 403 federation_foreign_object", status, code)
	}
	// Named only by its id, it is taken and changes nothing.
	if status, code := send(ana, map[string]any{"id": ana + "#updates/3", "type": "Update", "actor": ana,
		"object": bob}); status != http.StatusAccepted {
		t.Fatalf("update naming another actor: %d %s", status, code)
	}
	processed(t, a, ana+"#updates/3")
	if got := name("bob"); got != "Bob de Fora" {
		t.Fatalf("bob's name after ana's Update of him: %q", got)
	}
	if n := count(t, a, `SELECT count(*) FROM federation_inbox_activities WHERE activity_id = ?`, ana+"#updates/2"); n != 0 {
		t.Fatalf("the refused Update was stored")
	}
	if n := count(t, a, `SELECT count(*) FROM federation_remote_actors WHERE actor_uri = ? AND inbox_url = ?`,
		bob, bob+"/inbox"); n != 1 {
		t.Fatalf("bob's actor record changed")
	}
}

// A Note reaches a server that nobody mentioned in it when it is sent to
// all of its author's followers' servers, and Mastodon and Fedify-built
// servers write a mention of someone elsewhere as a bare `@name` in the
// HTML. Only a Mention tag naming one of our actors names a member here:
// a bare `@carol` of another server must neither keep the Note nor reach
// our own carol.
func TestInboxKeepsNotesMentioningMembersByTag(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	ana := r.actor(t, "ana", nil)
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	carol := a.Member("carol")
	now := a.Clock.Now()
	public := []string{"https://www.w3.org/ns/activitystreams#Public"}
	send := func(v map[string]any) {
		t.Helper()
		if status, code := post(t, a, "/ap/inbox", r, ana, activity(v), now); status != http.StatusAccepted {
			t.Fatalf("%s: %d %s", v["type"], status, code)
		}
		processed(t, a, v["id"].(string))
	}
	mention := func(href, name string) string {
		return `<span class="h-card"><a href="` + href + `" class="u-url mention">@<span>` + name + `</span></a></span>`
	}

	elsewhere := "https://other.example/users/carol"
	send(map[string]any{"id": ana + "/creates/10", "type": "Create", "actor": ana, "to": public,
		"object": map[string]any{"id": r.srv.URL + "/notes/10", "type": "Note", "attributedTo": ana, "to": public,
			"cc":      []string{elsewhere},
			"content": "<p>" + mention("https://other.example/@carol", "carol") + " bom dia</p>",
			"tag":     []map[string]any{{"type": "Mention", "href": elsewhere, "name": "@carol@other.example"}}}})
	if n := count(t, a, `SELECT count(*) FROM federation_remote_objects WHERE object_uri = ?`, r.srv.URL+"/notes/10"); n != 0 {
		t.Fatalf("a Note naming another server's carol was kept (%d)", n)
	}
	if n := count(t, a, `SELECT count(*) FROM notifications WHERE recipient_id = ?`, carol.ID); n != 0 {
		t.Fatalf("our carol was notified of another server's carol's mention (%d)", n)
	}

	liaActor := base + "/ap/users/" + lia.ID
	send(map[string]any{"id": ana + "/creates/11", "type": "Create", "actor": ana, "to": public,
		"object": map[string]any{"id": r.srv.URL + "/notes/11", "type": "Note", "attributedTo": ana, "to": public,
			"cc":      []string{liaActor},
			"content": "<p>" + mention(base+"/profile/lia", "lia") + " bom dia</p>",
			"tag":     []map[string]any{{"type": "Mention", "href": liaActor, "name": "@lia"}}}})
	if n := count(t, a, `SELECT count(*) FROM federation_remote_objects WHERE object_uri = ?`, r.srv.URL+"/notes/11"); n != 1 {
		t.Fatalf("a Note naming lia by a Mention tag was not kept (%d)", n)
	}
	if n := count(t, a, `SELECT count(*) FROM notifications WHERE recipient_id = ? AND type = 'mention'`, lia.ID); n != 1 {
		t.Fatalf("lia's mentions: %d, want 1", n)
	}

	// A Note of an account members here follow is kept whatever it names;
	// the @carol of its text is another server's, so our carol is not
	// notified, and lia, named by its tag alone, is.
	lia.Do(http.MethodPost, "/api/v1/profiles/ana@"+r.host()+"/follow", nil).Expect(t, http.StatusOK)
	send(map[string]any{"id": ana + "/creates/12", "type": "Create", "actor": ana, "to": public,
		"object": map[string]any{"id": r.srv.URL + "/notes/12", "type": "Note", "attributedTo": ana, "to": public,
			"cc":      []string{elsewhere, liaActor},
			"content": "<p>" + mention("https://other.example/@carol", "carol") + " e " + mention(base+"/profile/lia", "lia") + "</p>",
			"tag": []map[string]any{{"type": "Mention", "href": elsewhere, "name": "@carol@other.example"},
				{"type": "Mention", "href": liaActor, "name": "@lia"}}}})
	if n := count(t, a, `SELECT count(*) FROM federation_remote_objects WHERE object_uri = ?`, r.srv.URL+"/notes/12"); n != 1 {
		t.Fatalf("a followed account's Note was not kept (%d)", n)
	}
	if n := count(t, a, `SELECT count(*) FROM notifications WHERE recipient_id = ?`, carol.ID); n != 0 {
		t.Fatalf("our carol was notified of a followed account's Note naming another server's carol (%d)", n)
	}
	if n := count(t, a, `SELECT count(*) FROM notifications WHERE recipient_id = ? AND type = 'mention'`, lia.ID); n != 2 {
		t.Fatalf("lia's mentions: %d, want 2", n)
	}
}
