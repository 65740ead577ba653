package federation_test

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	core "social/core/domain"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

// remotePost is what a member reads of a remote account's post.
type remotePost struct {
	Type     string  `json:"type"`
	Text     string  `json:"text_content"`
	MediaURL *string `json:"media_url"`
	ImageAlt *string `json:"image_alt"`
}

// A followed account's Note with a picture: the picture is downloaded by
// a job, checked and stored as a member's upload, and the post links our
// copy, never the other server; a file that is no picture is refused and
// the post keeps its text; past the cache's lifetime the copy is deleted
// and the post shows its text alone.
func TestRemotePostMediaIsCopied(t *testing.T) {
	t.Parallel()
	r := newFakeServer(t)
	picture := fixtures.PNG(t, 48, 32)
	files := map[string][]byte{"/media/praia.png": picture, "/media/falso.png": []byte("<html>não é imagem</html>"),
		"/media/rosto.png": fixtures.PNG(t, 64, 64), "/media/rosto2.png": fixtures.PNG(t, 80, 80),
		"/media/capa.png": fixtures.PNG(t, 120, 40), "/media/recusada.png": fixtures.PNG(t, 20, 20)}
	media := http.NewServeMux()
	media.HandleFunc("/media/", func(w http.ResponseWriter, req *http.Request) {
		b, ok := files[req.URL.Path]
		if !ok {
			http.NotFound(w, req)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write(b)
	})
	r.srv.Config.Handler = withMedia(r.srv.Config.Handler, media)
	ana := r.actor(t, "ana", func(doc map[string]any) {
		doc["icon"] = map[string]any{"type": "Image", "mediaType": "image/png", "url": r.srv.URL + "/media/rosto.png"}
		doc["image"] = map[string]any{"type": "Image", "url": r.srv.URL + "/media/capa.png"}
	})
	a := startWithRemote(t, r, nil)
	lia := a.Member("lia")
	now := a.Clock.Now()
	public := []string{"https://www.w3.org/ns/activitystreams#Public"}
	send := func(v map[string]any) {
		t.Helper()
		if status, code := post(t, a, "/ap/inbox", r, ana, activity(v), now); status != http.StatusAccepted {
			t.Fatalf("%s: %d %s", v["type"], status, code)
		}
		processed(t, a, v["id"].(string))
	}
	// Ana becomes known with her first activity; Lia follows her.
	send(map[string]any{"id": ana + "/likes/0", "type": "Like", "actor": ana, "object": base + "/ap/posts/nada"})
	lia.Do(http.MethodPost, "/api/v1/profiles/ana@"+r.host()+"/follow", nil).Expect(t, http.StatusOK)

	// Her avatar and banner are copied: her profile links our copies.
	handle := "ana@" + r.host()
	avatar := waitPicture(t, lia, handle, "")
	for _, l := range []string{avatar.AvatarURL, avatar.BannerURL} {
		if strings.Contains(l, r.host()) {
			t.Fatalf("the profile links the other server: %s", l)
		}
		u, _ := url.Parse(l)
		if b := a.Client().Do(http.MethodGet, u.RequestURI(), nil).Expect(t, http.StatusOK).Body; !bytes.HasPrefix(b, []byte("\x89PNG")) {
			t.Fatalf("our copy %s is not the picture", l)
		}
	}
	// A new avatar comes with her Update; the banner, the same, is not
	// downloaded again.
	a.Clock.Advance(time.Second)
	r.mu.Lock()
	r.docs["/users/ana"]["icon"] = map[string]any{"type": "Image", "url": r.srv.URL + "/media/rosto2.png"}
	r.mu.Unlock()
	send(map[string]any{"id": ana + "#updates/1", "type": "Update", "actor": ana,
		"object": map[string]any{"id": ana, "type": "Person"}})
	again := waitPicture(t, lia, handle, avatar.AvatarURL)
	if path(again.BannerURL) != path(avatar.BannerURL) {
		t.Fatalf("the banner was replaced: %s, was %s", again.BannerURL, avatar.BannerURL)
	}

	note := func(n, path string) {
		send(map[string]any{"id": ana + "/creates/" + n, "type": "Create", "actor": ana, "to": public,
			"object": map[string]any{"id": r.srv.URL + "/notes/" + n, "type": "Note", "attributedTo": ana, "to": public,
				"content": "<p>Praia " + n + "</p>",
				"attachment": []map[string]any{{"type": "Document", "mediaType": "image/png",
					"url": r.srv.URL + path, "name": "Mar azul ao fim da tarde"}}}})
	}
	note("1", "/media/praia.png")
	id := localPost(t, a, r.srv.URL+"/notes/1")
	p := waitMedia(t, lia, id)
	if p.Type != "image" || p.Text != "Praia 1" || p.ImageAlt == nil || *p.ImageAlt != "Mar azul ao fim da tarde" {
		t.Fatalf("remote post %+v", p)
	}
	link, err := url.Parse(*p.MediaURL)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(*p.MediaURL, r.host()) {
		t.Fatalf("the post links the other server: %s", *p.MediaURL)
	}
	served := a.Client().Do(http.MethodGet, link.RequestURI(), nil).Expect(t, http.StatusOK)
	if !bytes.HasPrefix(served.Body, []byte("\x89PNG")) {
		t.Fatalf("our copy is not the picture: %q", served.Header.Get("Content-Type"))
	}
	var key string
	if err := a.DB.NewRaw(`SELECT media_path FROM posts WHERE id = ?`, id).Scan(context.Background(), &key); err != nil ||
		!strings.HasPrefix(key, "posts/") {
		t.Fatalf("stored as %q (%v)", key, err)
	}

	// A file that is not what it claims: the post stays, with its text.
	note("2", "/media/falso.png")
	bad := localPost(t, a, r.srv.URL+"/notes/2")
	waitJobs(t, a)
	var got remotePost
	lia.Do(http.MethodGet, "/api/v1/posts/"+bad, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.MediaURL != nil || got.Type != "text" || got.Text != "Praia 2" {
		t.Fatalf("a post with a refused file: %+v", got)
	}

	// A server whose media the moderators reject: its Note's picture is
	// not downloaded, the post keeps its text.
	mod := a.Staff("moderadora", core.RoleModerator)
	mod.Do(http.MethodPost, "/api/v1/admin/federation_policies", map[string]any{"domain": r.host(),
		"reject_media": true, "reason": "Imagens impróprias"}).Expect(t, http.StatusCreated)
	note("3", "/media/recusada.png")
	rejected := localPost(t, a, r.srv.URL+"/notes/3")
	waitJobs(t, a)
	lia.Do(http.MethodGet, "/api/v1/posts/"+rejected, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.MediaURL != nil || got.Text != "Praia 3" {
		t.Fatalf("a post of a server whose media are rejected: %+v", got)
	}

	// Past federation.media.cache_days the copy goes; the post stays.
	if _, err := a.DB.NewRaw(`UPDATE federation_remote_media SET copied_at = copied_at - interval '31 days'`).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := a.DB.NewRaw(`INSERT INTO river_job (kind, queue, args, state, max_attempts, priority)
		VALUES ('federation.expire_media', 'federation_inbox', '{}', 'available', 1, 1)`).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(15 * time.Second)
	for count(t, a, `SELECT count(*) FROM federation_remote_media`) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the stale copy was not expired")
		}
		time.Sleep(100 * time.Millisecond)
	}
	lia.Do(http.MethodGet, "/api/v1/posts/"+id, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.MediaURL != nil || got.Type != "text" || got.Text != "Praia 1" {
		t.Fatalf("a post whose copy expired: %+v", got)
	}
	waitJobs(t, a)
	a.Client().Do(http.MethodGet, link.RequestURI(), nil).Expect(t, http.StatusNotFound)
}

// pictures are a profile's links to its avatar and banner.
type pictures struct {
	AvatarURL string `json:"avatar_url"`
	BannerURL string `json:"banner_url"`
}

// waitPicture waits for handle's profile to have an avatar other than
// was (by its stored path) and a banner.
func waitPicture(t *testing.T, m *at.Member, handle, was string) pictures {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var p pictures
		m.Do(http.MethodGet, "/api/v1/profiles/"+handle, nil).Expect(t, http.StatusOK).JSON(t, &p)
		if p.AvatarURL != "" && p.BannerURL != "" && path(p.AvatarURL) != path(was) {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s's pictures: %+v", handle, p)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// path is a signed link's path, which names the stored file.
func path(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	return u.Path
}

// withMedia serves the paths under /media/ with media, the rest with h.
func withMedia(h http.Handler, media http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if strings.HasPrefix(req.URL.Path, "/media/") {
			media.ServeHTTP(w, req)
			return
		}
		h.ServeHTTP(w, req)
	})
}

// localPost is the post a remote Note became.
func localPost(t *testing.T, a *at.App, note string) string {
	t.Helper()
	var id string
	if err := a.DB.NewRaw(`SELECT local_id::text FROM federation_remote_objects WHERE object_uri = ?`, note).
		Scan(context.Background(), &id); err != nil {
		t.Fatalf("the Note %s made no post: %v", note, err)
	}
	return id
}

// waitMedia waits for post id to have its file.
func waitMedia(t *testing.T, m *at.Member, id string) remotePost {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var p remotePost
		m.Do(http.MethodGet, "/api/v1/posts/"+id, nil).Expect(t, http.StatusOK).JSON(t, &p)
		if p.MediaURL != nil {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("post %s has no file: %+v", id, p)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// waitJobs waits for the federation jobs queued so far to be done.
func waitJobs(t *testing.T, a *at.App) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for count(t, a, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'scheduled', 'retryable')
		AND kind IN ('federation.copy_media', 'posts.delete_media')`) > 0 {
		if time.Now().After(deadline) {
			t.Fatal("jobs still waiting")
		}
		time.Sleep(100 * time.Millisecond)
	}
}
