package communities_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"testing"

	"social/config"
	at "social/tests/testkit/apptest"
)

// translator is a LibreTranslate server: POST /translate {q, target} ->
// {"translatedText"}.
func translator(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Q, Target string }
		if r.URL.Path != "/translate" || json.NewDecoder(r.Body).Decode(&in) != nil {
			http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"translatedText": "(" + in.Target + ") " + in.Q})
	}))
	t.Cleanup(srv.Close)
	return srv
}

type fullPost struct {
	post
	CommentCount int `json:"comment_count"`
	ShareCount   int `json:"share_count"`
	Author       struct {
		Handle string `json:"handle"`
	} `json:"author"`
}

// TestCommunityPostIsAPost: a post in a closed community is a post with
// everything a post has for the community's members (read, like, comment,
// edit with its hashtags, share, translate, report, delete by the owner),
// and nothing of it for anyone else, nor anywhere outside the community's
// page (feeds, the author's profile, search).
func TestCommunityPostIsAPost(t *testing.T) {
	t.Parallel()
	srv := translator(t)
	app := at.Start(t, func(c *config.Config) {
		c.Translate.Provider = config.TranslateLibreTranslate
		c.Translate.URL = srv.URL
	})
	ana, bia, caio, duda := app.Member("ana"), app.Member("bia"), app.Member("caio"), app.Member("duda")
	c := create(t, ana, "Clube Fechado", "closed")
	for _, m := range []*at.Member{bia, duda} {
		req := join(t, m, c.ID)
		ana.Do(http.MethodPost, "/api/v1/communities/"+c.ID+"/members/"+req.ID+"/approve", nil).Expect(t, http.StatusOK)
	}
	caio.Do(http.MethodPost, "/api/v1/profiles/"+bia.Handle+"/follow", nil).Expect(t, http.StatusOK)
	p := createPost(t, bia, c.ID, "Encontro sigiloso #clubefechado")
	path := "/api/v1/posts/" + p.ID

	// The members: every capability of a post.
	var got fullPost
	ana.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.Visibility != "members_only" || got.AudienceID == nil || *got.AudienceID != c.ID || got.Author.Handle != bia.Handle {
		t.Fatalf("read by the owner: %+v", got)
	}
	ana.Do(http.MethodPut, path+"/like", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, path+"/comments", map[string]string{"text_content": "Estarei lá"}).Expect(t, http.StatusCreated)
	var thread struct {
		Items []struct {
			TextContent string `json:"text_content"`
		} `json:"items"`
	}
	duda.Do(http.MethodGet, path+"/comments", nil).Expect(t, http.StatusOK).JSON(t, &thread)
	if len(thread.Items) != 1 || thread.Items[0].TextContent != "Estarei lá" {
		t.Fatalf("thread: %+v", thread)
	}
	bia.Do(http.MethodPatch, path, map[string]string{"text_content": "Encontro adiado #clubefechado #novadata"}).
		Expect(t, http.StatusOK)
	duda.Do(http.MethodPost, path+"/share", nil).Expect(t, http.StatusOK)
	var tr struct {
		TranslatedText string `json:"translated_text"`
	}
	duda.Do(http.MethodPost, path+"/translation", map[string]string{"target_language": "en"}).Expect(t, http.StatusOK).JSON(t, &tr)
	if tr.TranslatedText != "(en) Encontro adiado #clubefechado #novadata" {
		t.Fatalf("translation: %q", tr.TranslatedText)
	}
	duda.Do(http.MethodPost, path+"/report", map[string]string{"reason": "spam"}).Expect(t, http.StatusCreated)
	duda.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.LikeCount != 1 || got.CommentCount != 1 || got.ShareCount != 1 || *got.TextContent != "Encontro adiado #clubefechado #novadata" {
		t.Fatalf("after the members' acts: %+v", got)
	}
	var tags string
	if err := app.DB.NewRaw(`SELECT string_agg(h.tag, ',' ORDER BY h.tag) FROM post_hashtags ph JOIN hashtags h ON h.id = ph.hashtag_id
		WHERE ph.post_id = ?`, p.ID).Scan(context.Background(), &tags); err != nil || tags != "clubefechado,novadata" {
		t.Fatalf("hashtags = %q (%v)", tags, err)
	}

	// Caio, a stranger who follows the author: no path shows the post.
	for _, r := range []struct {
		method, path string
		body         any
	}{
		{http.MethodGet, path, nil},
		{http.MethodGet, path + "/comments", nil},
		{http.MethodPost, path + "/comments", map[string]string{"text_content": "Oi"}},
		{http.MethodPut, path + "/like", nil},
		{http.MethodDelete, path + "/like", nil},
		{http.MethodPost, path + "/share", nil},
		{http.MethodPost, path + "/translation", map[string]string{"target_language": "en"}},
		{http.MethodPost, path + "/report", map[string]string{"reason": "spam"}},
		{http.MethodPatch, path, map[string]string{"text_content": "Invadido"}},
		{http.MethodDelete, path, nil},
	} {
		at.ExpectProblem(t, caio.Do(r.method, r.path, r.body), http.StatusNotFound, "post_not_found", "Post não encontrado.")
	}
	// The file of a community post: a signed link for members only.
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewNRGBA(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	_ = mw.WriteField("audience_id", c.ID)
	fw, _ := mw.CreateFormFile("file", "foto.png")
	_, _ = fw.Write(img.Bytes())
	_ = mw.Close()
	var photo post
	bia.Do(http.MethodPost, "/api/v1/posts/media", &form, "Content-Type", mw.FormDataContentType()).
		Expect(t, http.StatusCreated).JSON(t, &photo)
	var key string
	if err := app.DB.NewRaw(`SELECT media_path FROM posts WHERE id = ?`, photo.ID).Scan(context.Background(), &key); err != nil {
		t.Fatal(err)
	}
	for _, m := range []*at.Member{caio, duda} {
		var links struct {
			Results []struct {
				URL string `json:"url"`
			} `json:"results"`
		}
		m.Do(http.MethodPost, "/api/v1/media/links", map[string]any{"requests": []map[string]string{
			{"path": key, "post_id": photo.ID}}}).Expect(t, http.StatusOK).JSON(t, &links)
		if len(links.Results) != 1 || (links.Results[0].URL != "") != (m == duda) {
			t.Fatalf("media link for %s: %+v", m.Handle, links)
		}
	}
	type page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	outside := []string{"/api/v1/feed?algorithm=chronological", "/api/v1/feed?algorithm=ranked",
		"/api/v1/feed?algorithm=following", "/api/v1/profiles/" + bia.Handle + "/posts"}
	for _, m := range []*at.Member{caio, bia} {
		for _, u := range outside {
			var pg page
			m.Do(http.MethodGet, u, nil).Expect(t, http.StatusOK).JSON(t, &pg)
			for _, it := range pg.Items {
				if it.ID == p.ID {
					t.Fatalf("%s sees the community's post at %s", m.Handle, u)
				}
			}
		}
	}
	var count int
	if err := app.DB.NewRaw(`SELECT post_count FROM profiles WHERE id = ?`, bia.ID).Scan(context.Background(), &count); err != nil || count != 0 {
		t.Fatalf("the author's post_count = %d (%v): a community post is not on the profile", count, err)
	}
	// Search finds a public post with the same word, never the community's.
	bia.Do(http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Encontro aberto a todos"}).Expect(t, http.StatusCreated)
	searchFor(t, caio, "encontro", func(items []searchItem) bool {
		for _, it := range items {
			if it.ID == p.ID {
				t.Fatalf("search found the community's post: %+v", items)
			}
		}
		return len(items) == 1 && items[0].Type == "post"
	})

	// Duda leaves: the post is gone for her too.
	duda.Do(http.MethodDelete, "/api/v1/communities/"+c.ID+"/membership", nil).Expect(t, http.StatusOK)
	at.ExpectProblem(t, duda.Do(http.MethodGet, path, nil), http.StatusNotFound, "post_not_found", "")

	// The owner deletes a member's post; the comment, like and hashtag
	// usage go with it.
	ana.Do(http.MethodDelete, path, nil).Expect(t, http.StatusNoContent)
	if s := snapshot(t, app, c.ID); s.Posts != 1 || s.Likes != 0 || s.Comments != 0 { // the photo is left
		t.Fatalf("after the owner's delete: %v", s)
	}
	var usage int
	if err := app.DB.NewRaw(`SELECT coalesce(sum(usage_count), 0) FROM hashtags WHERE tag IN ('clubefechado', 'novadata')`).
		Scan(context.Background(), &usage); err != nil || usage != 0 {
		t.Fatalf("hashtag usage after the delete = %d (%v)", usage, err)
	}
}

// TestDeletingCommunityTakesItsPosts: the community's deletion removes its
// posts with their comments and likes, and their hashtags' usage.
func TestDeletingCommunityTakesItsPosts(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	c := create(t, ana, "Passageira", "open")
	join(t, bia, c.ID)
	p := createPost(t, bia, c.ID, "Até logo #passageira")
	ana.Do(http.MethodPost, "/api/v1/posts/"+p.ID+"/comments", map[string]string{"text_content": "Tchau"}).Expect(t, http.StatusCreated)
	ana.Do(http.MethodPut, "/api/v1/posts/"+p.ID+"/like", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodDelete, "/api/v1/communities/"+c.ID, nil).Expect(t, http.StatusNoContent)
	var left, usage int
	if err := app.DB.NewRaw(`SELECT (SELECT count(*) FROM posts WHERE id = ?) + (SELECT count(*) FROM comments WHERE post_id = ?)
		+ (SELECT count(*) FROM likes WHERE post_id = ?)`, p.ID, p.ID, p.ID).Scan(context.Background(), &left); err != nil || left != 0 {
		t.Fatalf("%d rows of the post left (%v)", left, err)
	}
	if err := app.DB.NewRaw(`SELECT usage_count FROM hashtags WHERE tag = 'passageira'`).Scan(context.Background(), &usage); err != nil || usage != 0 {
		t.Fatalf("usage = %d (%v)", usage, err)
	}
	at.ExpectProblem(t, bia.Do(http.MethodGet, "/api/v1/posts/"+p.ID, nil), http.StatusNotFound, "post_not_found", "")
}
