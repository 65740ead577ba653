package mastodon_test

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

type status struct {
	ID                 string  `json:"id"`
	Content            string  `json:"content"`
	Text               *string `json:"text"`
	Visibility         string  `json:"visibility"`
	InReplyToID        *string `json:"in_reply_to_id"`
	InReplyToAccountID *string `json:"in_reply_to_account_id"`
	FavouritesCount    int     `json:"favourites_count"`
	RepliesCount       int     `json:"replies_count"`
	Favourited         bool    `json:"favourited"`
	EditedAt           *string `json:"edited_at"`
	Account            struct {
		ID       string `json:"id"`
		Username string `json:"username"`
	} `json:"account"`
	Mentions []struct {
		ID, Username, Acct string
	} `json:"mentions"`
	MediaAttachments []struct {
		ID, Type, URL string
		Description   *string
	} `json:"media_attachments"`
}

func getStatus(t *testing.T, c *at.Client, id string) status {
	t.Helper()
	var s status
	c.Do(http.MethodGet, "/api/v1/statuses/"+id, nil).Expect(t, http.StatusOK).JSON(t, &s)
	return s
}

// comment writes a comment through our own API and answers its ID.
func comment(t *testing.T, m *at.Member, post, text string) string {
	t.Helper()
	var c struct{ ID string }
	m.Do(http.MethodPost, "/api/v1/posts/"+post+"/comments", map[string]string{"text_content": text}).
		Expect(t, http.StatusCreated).JSON(t, &c)
	return c.ID
}

// A post and a comment are statuses: the comment a reply to its post;
// mentions are the members the text names; followers-only posts and blocks
// hide them as our own API does.
func TestStatusReadAndContext(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana, rui := app.Member("lia"), app.Member("ana"), app.Member("rui")
	reader := ana.AppClient(t, "read")

	post := lia.NewPost(t, "Oi @ana e @ninguem, veja #praia", "public")
	s := getStatus(t, reader, post)
	if s.ID != post || s.Account.ID != lia.ID || s.Visibility != "public" || s.InReplyToID != nil ||
		!strings.Contains(s.Content, "praia") {
		t.Fatalf("post status: %+v", s)
	}
	if len(s.Mentions) != 1 || s.Mentions[0].ID != ana.ID || s.Mentions[0].Acct != "ana" {
		t.Fatalf("mentions: %+v", s.Mentions)
	}

	c1 := comment(t, ana, post, "Oi @lia!")
	c2 := comment(t, rui, post, "Segundo")
	cs := getStatus(t, reader, c1)
	if cs.InReplyToID == nil || *cs.InReplyToID != post || cs.InReplyToAccountID == nil || *cs.InReplyToAccountID != lia.ID ||
		cs.Account.ID != ana.ID || len(cs.Mentions) != 1 || cs.Mentions[0].ID != lia.ID {
		t.Fatalf("comment status: %+v", cs)
	}

	var ctx struct{ Ancestors, Descendants []status }
	reader.Do(http.MethodGet, "/api/v1/statuses/"+post+"/context", nil).Expect(t, http.StatusOK).JSON(t, &ctx)
	if len(ctx.Ancestors) != 0 || len(ctx.Descendants) != 2 || ctx.Descendants[0].ID != c1 || ctx.Descendants[1].ID != c2 {
		t.Fatalf("post context: %+v", ctx)
	}
	reader.Do(http.MethodGet, "/api/v1/statuses/"+c2+"/context", nil).Expect(t, http.StatusOK).JSON(t, &ctx)
	if len(ctx.Ancestors) != 1 || ctx.Ancestors[0].ID != post || len(ctx.Descendants) != 0 {
		t.Fatalf("comment context: %+v", ctx)
	}

	// Followers-only: not found for a non-follower, readable once following.
	private := lia.NewPost(t, "Só para quem me segue", "friends_only")
	expectError(t, reader.Do(http.MethodGet, "/api/v1/statuses/"+private, nil), http.StatusNotFound, "post_not_found")
	ana.Do(http.MethodPost, "/api/v1/profiles/lia/follow", nil).Expect(t, http.StatusOK)
	if s := getStatus(t, reader, private); s.Visibility != "private" {
		t.Fatalf("followers-only status: %+v", s)
	}

	// A block hides the posts and comments of either side.
	rui.Do(http.MethodPost, "/api/v1/profiles/ana/block", nil).Expect(t, http.StatusOK)
	expectError(t, reader.Do(http.MethodGet, "/api/v1/statuses/"+c2, nil), http.StatusNotFound, "post_not_found")

	expectError(t, reader.Do(http.MethodGet, "/api/v1/statuses/nao-e-id", nil), http.StatusNotFound, "record_not_found")
	expectError(t, app.Client().Do(http.MethodGet, "/api/v1/statuses/"+post, nil), http.StatusUnauthorized, "token_required")
	expectError(t, ana.AppClient(t, "write").Do(http.MethodGet, "/api/v1/statuses/"+post, nil), http.StatusForbidden, "insufficient_scope")
}

// Deleting answers the status with its text for redrafting; another
// member's status is refused.
func TestStatusDelete(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	liaApp, anaApp := lia.AppClient(t, "read write"), ana.AppClient(t, "read write")

	post := lia.NewPost(t, "Vou apagar #logo", "public")
	expectError(t, anaApp.Do(http.MethodDelete, "/api/v1/statuses/"+post, nil), http.StatusForbidden, "post_not_author")
	var s status
	liaApp.Do(http.MethodDelete, "/api/v1/statuses/"+post, nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.ID != post || s.Text == nil || *s.Text != "Vou apagar #logo" {
		t.Fatalf("deleted status: %+v", s)
	}
	expectError(t, liaApp.Do(http.MethodGet, "/api/v1/statuses/"+post, nil), http.StatusNotFound, "post_not_found")

	other := lia.NewPost(t, "Fica", "public")
	c := comment(t, ana, other, "Meu comentário")
	rui := app.Member("rui").AppClient(t, "write:statuses")
	expectError(t, rui.Do(http.MethodDelete, "/api/v1/statuses/"+c, nil), http.StatusForbidden, "comment_not_author")
	anaApp.Do(http.MethodDelete, "/api/v1/statuses/"+c, nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.ID != c || s.Text == nil || *s.Text != "Meu comentário" || s.InReplyToID == nil {
		t.Fatalf("deleted comment: %+v", s)
	}
}

// Favourites are our likes, through JSON and form bodies; a comment cannot
// be liked; favourited_by pages the likers with a Link header; reblogs are
// refused with a clear message.
func TestStatusFavourites(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	post := lia.NewPost(t, "Curta", "public")
	var likers []*at.Member
	for _, h := range []string{"ana", "bia", "rui"} {
		m := app.Member(h)
		likers = append(likers, m)
		c := m.AppClient(t, "write:favourites read:statuses")
		var s status
		if h == "bia" {
			at.FormPost(c, "/api/v1/statuses/"+post+"/favourite", url.Values{}).Expect(t, http.StatusOK).JSON(t, &s)
		} else {
			c.Do(http.MethodPost, "/api/v1/statuses/"+post+"/favourite", map[string]string{}).Expect(t, http.StatusOK).JSON(t, &s)
		}
		if !s.Favourited || s.ID != post {
			t.Fatalf("favourite: %+v", s)
		}
	}
	reader := lia.AppClient(t, "read write")
	if s := getStatus(t, reader, post); s.FavouritesCount != 3 || s.Favourited {
		t.Fatalf("counted: %+v", s)
	}

	var page []struct{ ID, Username string }
	r := reader.Do(http.MethodGet, "/api/v1/statuses/"+post+"/favourited_by?limit=2", nil).Expect(t, http.StatusOK)
	r.JSON(t, &page)
	if len(page) != 2 || page[0].ID != likers[2].ID || page[1].ID != likers[1].ID {
		t.Fatalf("first likers: %+v", page)
	}
	link := r.Header.Get("Link")
	if !strings.Contains(link, "max_id="+likers[1].ID) || !strings.Contains(link, `rel="next"`) {
		t.Fatalf("Link: %q", link)
	}
	reader.Do(http.MethodGet, "/api/v1/statuses/"+post+"/favourited_by?limit=2&max_id="+likers[1].ID, nil).
		Expect(t, http.StatusOK).JSON(t, &page)
	if len(page) != 1 || page[0].ID != likers[0].ID {
		t.Fatalf("older likers: %+v", page)
	}

	var s status
	anaApp := likers[0].AppClient(t, "write:favourites read:statuses")
	anaApp.Do(http.MethodPost, "/api/v1/statuses/"+post+"/unfavourite", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.Favourited || s.FavouritesCount != 2 {
		t.Fatalf("unfavourite: %+v", s)
	}

	c := comment(t, likers[0], post, "um comentário")
	expectError(t, anaApp.Do(http.MethodPost, "/api/v1/statuses/"+c+"/favourite", nil), http.StatusUnprocessableEntity, "comment_not_likeable")
	expectError(t, reader.Do(http.MethodPost, "/api/v1/statuses/"+post+"/reblog", nil), http.StatusUnprocessableEntity, "reblog_unsupported")
	var none []any
	reader.Do(http.MethodGet, "/api/v1/statuses/"+post+"/reblogged_by", nil).Expect(t, http.StatusOK).JSON(t, &none)
	if len(none) != 0 {
		t.Fatalf("reblogged_by: %v", none)
	}

	// A followers-only post is not liked by a stranger.
	private := lia.NewPost(t, "Só seguidores", "friends_only")
	expectError(t, anaApp.Do(http.MethodPost, "/api/v1/statuses/"+private+"/favourite", nil), http.StatusNotFound, "post_not_found")
	expectError(t, lia.AppClient(t, "read").Do(http.MethodPost, "/api/v1/statuses/"+post+"/favourite", nil), http.StatusForbidden, "insufficient_scope")
}

// Posting a status: JSON and form bodies, the visibilities, replies (a
// comment on the post, also when replying to a comment), the use cases'
// 280 characters with their pt-BR message, and what our model has not,
// refused in Mastodon's shape.
func TestStatusCreate(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	writer := lia.AppClient(t, "read write")

	var s status
	writer.Do(http.MethodPost, "/api/v1/statuses", map[string]any{"status": "Olá @ana #mundo", "visibility": "public",
		"language": "en", "sensitive": false, "spoiler_text": ""}).Expect(t, http.StatusOK).JSON(t, &s)
	if s.Visibility != "public" || s.Account.ID != lia.ID || len(s.Mentions) != 1 || s.Mentions[0].ID != ana.ID {
		t.Fatalf("created: %+v", s)
	}
	post := s.ID
	// Our own API reads the same post.
	var own struct {
		TextContent string `json:"text_content"`
	}
	lia.Do(http.MethodGet, "/api/v1/posts/"+post, nil).Expect(t, http.StatusOK).JSON(t, &own)
	if own.TextContent != "Olá @ana #mundo" {
		t.Fatalf("post: %+v", own)
	}

	at.FormPost(writer, "/api/v1/statuses", url.Values{"status": {"Só seguidores"}, "visibility": {"private"}}).
		Expect(t, http.StatusOK).JSON(t, &s)
	if s.Visibility != "private" {
		t.Fatalf("private: %+v", s)
	}
	expectError(t, ana.AppClient(t, "read").Do(http.MethodGet, "/api/v1/statuses/"+s.ID, nil), http.StatusNotFound, "post_not_found")

	// Replies are comments on the post.
	anaApp := ana.AppClient(t, "read write")
	at.FormPost(anaApp, "/api/v1/statuses", url.Values{"status": {"Resposta"}, "in_reply_to_id": {post}}).
		Expect(t, http.StatusOK).JSON(t, &s)
	if s.InReplyToID == nil || *s.InReplyToID != post || *s.InReplyToAccountID != lia.ID {
		t.Fatalf("reply: %+v", s)
	}
	writer.Do(http.MethodPost, "/api/v1/statuses", map[string]string{"status": "Resposta à resposta", "in_reply_to_id": s.ID}).
		Expect(t, http.StatusOK).JSON(t, &s)
	if s.InReplyToID == nil || *s.InReplyToID != post {
		t.Fatalf("reply to a comment: %+v", s)
	}
	var thread struct{ Descendants []status }
	writer.Do(http.MethodGet, "/api/v1/statuses/"+post+"/context", nil).Expect(t, http.StatusOK).JSON(t, &thread)
	if len(thread.Descendants) != 2 {
		t.Fatalf("thread: %+v", thread)
	}

	// The use case's limit, with its message.
	var e struct {
		Error   string            `json:"error"`
		Code    string            `json:"code"`
		Details map[string]string `json:"details"`
	}
	writer.Do(http.MethodPost, "/api/v1/statuses", map[string]string{"status": strings.Repeat("a", 281)}).
		Expect(t, http.StatusUnprocessableEntity).JSON(t, &e)
	if e.Code != "post_too_long" || !strings.Contains(e.Error, "280") {
		t.Fatalf("281 characters: %+v", e)
	}
	expectError(t, at.FormPost(writer, "/api/v1/statuses", url.Values{"status": {"  "}}), http.StatusUnprocessableEntity, "post_empty")

	for name, body := range map[string]url.Values{
		"unlisted":      {"status": {"x"}, "visibility": {"unlisted"}},
		"direct":        {"status": {"x"}, "visibility": {"direct"}},
		"two media":     {"status": {"x"}, "media_ids[]": {"a", "b"}},
		"spoiler":       {"status": {"x"}, "spoiler_text": {"cuidado"}},
		"scheduled":     {"status": {"x"}, "scheduled_at": {"2030-01-01T00:00:00Z"}},
		"poll":          {"status": {"x"}, "poll[options][]": {"a", "b"}, "poll[expires_in]": {"300"}},
		"reply media":   {"status": {"x"}, "in_reply_to_id": {post}, "media_ids[]": {"a"}},
		"unknown media": {"status": {"x"}, "media_ids[]": {"a"}},
	} {
		e.Details = nil
		r := at.FormPost(writer, "/api/v1/statuses", body)
		r.Expect(t, http.StatusUnprocessableEntity).JSON(t, &e)
		if e.Code != "unsupported_parameter" || e.Error == "" || len(e.Details) != 1 {
			t.Errorf("%s: %+v", name, e)
		}
	}
	expectError(t, lia.AppClient(t, "read").Do(http.MethodPost, "/api/v1/statuses", map[string]string{"status": "x"}),
		http.StatusForbidden, "insufficient_scope")
}

// An Idempotency-Key makes a retry answer the first status, marked, as on
// our own API; the key with another body is refused.
func TestStatusCreateIdempotent(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia := app.Member("lia")
	writer := lia.AppClient(t, "write:statuses")
	body := url.Values{"status": {"Uma vez só"}}

	var first, again status
	at.FormPost(writer, "/api/v1/statuses", body, "Idempotency-Key", "k-1").Expect(t, http.StatusOK).JSON(t, &first)
	r := at.FormPost(writer, "/api/v1/statuses", body, "Idempotency-Key", "k-1").Expect(t, http.StatusOK)
	r.JSON(t, &again)
	if again.ID != first.ID || r.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("retry: %s (replayed %q), first %s", again.ID, r.Header.Get("Idempotent-Replayed"), first.ID)
	}
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM posts WHERE text_content = ?`, "Uma vez só").Scan(t.Context(), &n); err != nil || n != 1 {
		t.Fatalf("%d posts (%v), want 1", n, err)
	}
	expectError(t, at.FormPost(writer, "/api/v1/statuses", url.Values{"status": {"Outro"}}, "Idempotency-Key", "k-1"),
		http.StatusUnprocessableEntity, "idempotency_key_reused")
	expectError(t, at.FormPost(writer, "/api/v1/statuses", body, "Idempotency-Key", "com espaço"),
		http.StatusUnprocessableEntity, "idempotency_key_invalid")
	// Without a key, the same body is a second post.
	at.FormPost(writer, "/api/v1/statuses", body).Expect(t, http.StatusOK).JSON(t, &again)
	if again.ID == first.ID {
		t.Fatal("a request without a key was replayed")
	}
}

// mediaPost publishes an image post through our own API.
func mediaPost(t *testing.T, m *at.Member, text string) string {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("text_content", text)
	f, _ := w.CreateFormFile("file", "foto.png")
	_, _ = f.Write(fixtures.PNG(t, 40, 30))
	_ = w.Close()
	var p struct{ ID string }
	m.Do(http.MethodPost, "/api/v1/posts/media", &buf, "Content-Type", w.FormDataContentType()).Expect(t, http.StatusCreated).JSON(t, &p)
	return p.ID
}

// Editing a status is our edit: its text and its image's description,
// the author only; source and history answer what an editor needs;
// translation without a provider is refused with its message.
func TestStatusEdit(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	lia, ana := app.Member("lia"), app.Member("ana")
	writer := lia.AppClient(t, "read write")
	post := mediaPost(t, lia, "Antes")

	var s status
	writer.Do(http.MethodGet, "/api/v1/statuses/"+post, nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.EditedAt != nil {
		t.Fatalf("never edited, edited_at %s", *s.EditedAt)
	}
	// An edit within the post's first second is an edit too.
	app.Clock.Advance(300 * time.Millisecond)
	writer.Do(http.MethodPut, "/api/v1/statuses/"+post, map[string]any{"status": "Depois #editado",
		"media_attributes": []map[string]string{{"id": post, "description": "Um gradiente"}}}).Expect(t, http.StatusOK).JSON(t, &s)
	if !strings.Contains(s.Content, "Depois") || len(s.MediaAttachments) != 1 || s.MediaAttachments[0].Description == nil ||
		*s.MediaAttachments[0].Description != "Um gradiente" || s.EditedAt == nil {
		t.Fatalf("edited: %+v", s)
	}
	r := writer.Do(http.MethodPut, "/api/v1/statuses/"+post, strings.NewReader(url.Values{"status": {"Terceira"},
		"media_attributes[][id]": {post}, "media_attributes[][description]": {"Outra descrição"}}.Encode()),
		"Content-Type", "application/x-www-form-urlencoded")
	r.Expect(t, http.StatusOK).JSON(t, &s)
	if !strings.Contains(s.Content, "Terceira") || *s.MediaAttachments[0].Description != "Outra descrição" {
		t.Fatalf("edited by form: %+v", s)
	}

	var src struct{ ID, Text string }
	writer.Do(http.MethodGet, "/api/v1/statuses/"+post+"/source", nil).Expect(t, http.StatusOK).JSON(t, &src)
	if src.ID != post || src.Text != "Terceira" {
		t.Fatalf("source: %+v", src)
	}
	var hist []struct{ Content string }
	writer.Do(http.MethodGet, "/api/v1/statuses/"+post+"/history", nil).Expect(t, http.StatusOK).JSON(t, &hist)
	if len(hist) != 1 || !strings.Contains(hist[0].Content, "Terceira") {
		t.Fatalf("history: %+v", hist)
	}

	anaApp := ana.AppClient(t, "read write")
	expectError(t, anaApp.Do(http.MethodPut, "/api/v1/statuses/"+post, map[string]string{"status": "invasão"}),
		http.StatusForbidden, "post_not_author")
	expectError(t, writer.Do(http.MethodPut, "/api/v1/statuses/"+post, map[string]string{"status": strings.Repeat("b", 281)}),
		http.StatusUnprocessableEntity, "post_too_long")
	expectError(t, writer.Do(http.MethodPut, "/api/v1/statuses/"+post, map[string]any{"status": "x", "media_ids": []string{"outra"}}),
		http.StatusUnprocessableEntity, "unsupported_parameter")
	c := comment(t, ana, post, "comentário")
	expectError(t, anaApp.Do(http.MethodPut, "/api/v1/statuses/"+c, map[string]string{"status": "x"}),
		http.StatusUnprocessableEntity, "comment_not_editable")

	// The test server has no translation provider.
	expectError(t, anaApp.Do(http.MethodPost, "/api/v1/statuses/"+post+"/translate", map[string]string{"lang": "en"}),
		http.StatusServiceUnavailable, "translation_unavailable")
}
