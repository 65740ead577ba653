package federation_test

import (
	"bytes"
	"context"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// publicKeyOf reads an actor's publicKeyPem.
func publicKeyOf(t *testing.T, pemText string) *rsa.PublicKey {
	t.Helper()
	block, _ := pem.Decode([]byte(pemText))
	if block == nil || block.Type != "PUBLIC KEY" {
		t.Fatalf("not a PEM public key: %q", pemText)
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	rk, ok := k.(*rsa.PublicKey)
	if !ok {
		t.Fatalf("a %T", k)
	}
	return rk
}

// A member's actor: a Person at a URL named by their ID, with what
// Mastodon and its peers read, the bio as escaped HTML, and an RSA-2048
// key made for them on this first fetch.
func TestAMemberIsAPerson(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana := app.Member("ana")
	app.Member("bia")
	ana.Do(http.MethodPatch, "/api/v1/profiles/me", map[string]string{"display_name": "Ana Lima",
		"bio": "<b>oi</b> & #Samba com @bia"}).Expect(t, http.StatusOK)

	a := fetchActor(t, app, ana.ID)
	id := base + "/ap/users/" + ana.ID
	if len(a.Context) != 3 || a.Context[0] != "https://www.w3.org/ns/activitystreams" || a.Context[1] != "https://w3id.org/security/v1" {
		t.Fatalf("@context %v", a.Context)
	}
	if terms, ok := a.Context[2].(map[string]any); !ok || terms["manuallyApprovesFollowers"] != "as:manuallyApprovesFollowers" ||
		terms["toot"] != "http://joinmastodon.org/ns#" || terms["discoverable"] != "toot:discoverable" {
		t.Fatalf("@context's terms %v", a.Context[2])
	}
	if a.ID != id || a.Type != "Person" || a.PreferredUsername != "ana" || a.Name != "Ana Lima" || a.URL != base+"/profile/ana" {
		t.Fatalf("actor %+v", a)
	}
	wantSummary := `<p>&lt;b&gt;oi&lt;/b&gt; &amp; <a href="` + base + `/search?q=%23samba" class="mention hashtag" rel="tag">#<span>Samba</span></a>` +
		` com <span class="h-card"><a href="` + base + `/profile/bia" class="u-url mention">@<span>bia</span></a></span></p>`
	if a.Summary != wantSummary {
		t.Fatalf("summary\n got %s\nwant %s", a.Summary, wantSummary)
	}
	if a.Inbox != id+"/inbox" || a.Outbox != id+"/outbox" || a.Followers != id+"/followers" || a.Following != id+"/following" ||
		a.Endpoints.SharedInbox != base+"/ap/inbox" {
		t.Fatalf("endpoints %+v", a)
	}
	if a.PublicKey.ID != id+"#main-key" || a.PublicKey.Owner != id || publicKeyOf(t, a.PublicKey.PublicKeyPem).N.BitLen() != 2048 {
		t.Fatalf("public key %+v", a.PublicKey)
	}
	if a.ManuallyApprovesFollowers == nil || *a.ManuallyApprovesFollowers || a.Discoverable == nil || !*a.Discoverable || a.Icon != nil {
		t.Fatalf("flags and icon %+v", a)
	}
	if at, err := time.Parse(time.RFC3339, a.Published); err != nil || time.Since(at) > time.Hour {
		t.Fatalf("published %q", a.Published)
	}

	// ActivityStreams' other media type, and the profile's page, answer
	// the same actor.
	var ld, byProfile actor
	document(t, get(app.Client(), "/ap/users/"+ana.ID, ldJSON), &ld)
	document(t, get(app.Client(), "/profile/ana", activityJSON), &byProfile)
	if ld.ID != id || byProfile.ID != id || byProfile.PublicKey.PublicKeyPem != a.PublicKey.PublicKeyPem {
		t.Fatalf("ld+json %s, by profile %s", ld.ID, byProfile.ID)
	}

	for _, path := range []string{"/ap/users/0192f000-0000-7000-8000-0000000000b7", "/ap/users/nobody", "/profile/nobody"} {
		if p := get(app.Client(), path, activityJSON).Expect(t, http.StatusNotFound).Problem(t); p.Code != "federation_not_found" {
			t.Fatalf("%s: %+v", path, p)
		}
	}
}

// The same addresses answer a browser with pages: the profile's is the
// member app, the actor's sends it there.
func TestBrowsersGetPages(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana := app.Member("ana")
	postID := ana.NewPost(t, "olá", "")
	spa := get(app.Client(), "/", browser)

	for _, path := range []string{"/profile/ana", "/profile/nobody", "/post/" + postID} {
		r := get(app.Client(), path, browser)
		if r.Status != spa.Status || !bytes.Equal(r.Body, spa.Body) {
			t.Fatalf("%s: %d %.100s, the app answers %d %.100s", path, r.Status, r.Body, spa.Status, spa.Body)
		}
		if !strings.Contains(strings.Join(r.Header.Values("Vary"), ","), "Accept") {
			t.Fatalf("%s: Vary %v", path, r.Header.Values("Vary"))
		}
	}
	r := get(app.Client(), "/ap/users/"+ana.ID, browser).Expect(t, http.StatusSeeOther)
	if loc := r.Header.Get("Location"); loc != base+"/profile/ana" {
		t.Fatalf("actor -> %q", loc)
	}
	r = get(app.Client(), "/ap/posts/"+postID, browser).Expect(t, http.StatusSeeOther)
	if loc := r.Header.Get("Location"); loc != base+"/post/"+postID {
		t.Fatalf("note -> %q", loc)
	}
}

// The first fetches of an actor, all at once, make one key: every answer
// shows it and one row holds it.
func TestAMemberGetsOneKeyWhateverTheRace(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	ana := app.Member("ana")
	const fetches = 8
	keys := make([]string, fetches)
	var wg sync.WaitGroup
	for i := range fetches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := get(app.Client(), "/ap/users/"+ana.ID, activityJSON)
			if r.Status != http.StatusOK {
				t.Errorf("fetch %d: %d %s", i, r.Status, r.Body)
				return
			}
			var a actor
			r.JSON(t, &a)
			keys[i] = a.PublicKey.PublicKeyPem
		}()
	}
	wg.Wait()
	for i := range keys {
		if keys[i] == "" || keys[i] != keys[0] {
			t.Fatalf("fetch %d showed another key", i)
		}
	}
	var rows int
	if err := app.DB.NewRaw(`SELECT count(*) FROM federation_member_keys WHERE member_id = ?`, ana.ID).Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	if rows != 1 {
		t.Fatalf("%d keys stored", rows)
	}
	if fetchActor(t, app, ana.ID).PublicKey.PublicKeyPem != keys[0] {
		t.Fatal("a later fetch showed another key")
	}
}

// Members who never meet the social web have no key.
func TestNoKeyUntilNeeded(t *testing.T) {
	t.Parallel()
	app := startOn(t)
	app.Member("ana")
	webfinger(app.Client(), "acct:ana@"+domain).Expect(t, http.StatusOK)
	var rows int
	if err := app.DB.NewRaw(`SELECT count(*) FROM federation_member_keys`).Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	if rows != 0 {
		t.Fatalf("%d keys made before any actor was fetched", rows)
	}
}
