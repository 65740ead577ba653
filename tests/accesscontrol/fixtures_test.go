package accesscontrol_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"social/config"
	"social/core/domain"
	"social/plugins/rooms"
	at "social/tests/testkit/apptest"
)

// world is the app, its members and member A's resources of every kind.
//
// A owns everything. B is the other member who tries: an approved plain
// member of A's open community and a stranger otherwise. C follows A (so
// sees A's friends_only posts and stories), talks with A, liked, commented
// on and reported A's post, is a member of A's open community and asked to
// join the closed one; D asked too. Target is a member no body may assign
// anything to.
type world struct {
	app                *at.App
	a, b, c, d, target *at.Member
	staff              *at.Member
	leaver             *at.Member // deletes their account (delete-account)
	anonymous          *at.Client
	snap               *snapshotter
	fixtures           map[string]string // name -> path value
	secrets            map[string]string // value -> what it is, never in B's answers
	counter            int
	staffItems         map[string]string // admin list path -> first item's ID
	refusals           map[int]int       // status -> refused checks answered with it
	massAnswers        map[int]int       // status -> mass assignment requests answered with it
	appToken           string            // an OAuth token of A's with every scope
}

// libreTranslate is a LibreTranslate server in its wire format:
// POST /translate {q, source, target, format} -> {"translatedText"}.
func libreTranslate(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct{ Q, Source, Target, Format string }
		if r.Method != http.MethodPost || r.URL.Path != "/translate" || json.NewDecoder(r.Body).Decode(&in) != nil {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":"bad request"}`))
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"translatedText": "[" + in.Target + "] " + in.Q})
	}))
	t.Cleanup(srv.Close)
	return srv
}

func newWorld(t *testing.T) *world {
	t.Helper()
	srv := libreTranslate(t)
	app := at.Start(t, func(c *config.Config) {
		c.Translate.Provider = config.TranslateLibreTranslate
		c.Translate.URL = srv.URL
		// The admin console closed, as in production: the outbox too is
		// for staff only.
		c.Admin.OpenAccess = false
		// The mass assignment check updates the profile and its images
		// more often than the default three a minute.
		c.Limits.ProfileUpdatePerMember = 100
		// The host of the rooms' tracks in the fixtures and bodies.
		rooms.ConfigOf(c).Rooms.StreamHosts = []string{"example.com"}
		// The weekly digest's run is work of its own, not of the request
		// under check: a member the checks turned the digest on for would
		// get it in the middle of another operation. Its week starts on
		// Sunday at 23:00 UTC here, and it looks once a day.
		c.Digest.SendAfter = 167 * time.Hour
		c.Digest.CheckEvery = 24 * time.Hour
	})
	w := &world{app: app, fixtures: map[string]string{}, secrets: map[string]string{},
		anonymous: app.Client(), staffItems: map[string]string{}, refusals: map[int]int{}, massAnswers: map[int]int{}}
	w.snap = newSnapshotter(t, app.DB)
	w.a, w.b, w.c, w.d = app.Member("membro_a"), app.Member("membro_b"), app.Member("membro_c"), app.Member("membro_d")
	w.target = app.Member("alvo")
	w.leaver = app.Member("membro_que_sai")
	w.staff = app.Staff("equipe", domain.RoleAdmin)
	w.build(t)
	settle(t, app.DB)
	return w
}

// actor is the client of a member named in the rules.
func (w *world) actor(name string) *at.Client {
	switch name {
	case "", "A":
		return w.a.Client
	case "B":
		return w.b.Client
	case "C":
		return w.c.Client
	case "staff":
		return w.staff.Client
	case "leaver":
		return w.leaver.Client
	case "anonymous":
		return w.anonymous
	}
	panic("no actor " + name)
}

// set records a fixture; secret ones must never reach B.
func (w *world) set(name, value string, secret bool) {
	if value == "" {
		panic("empty fixture " + name)
	}
	w.fixtures[name] = value
	if secret {
		w.secrets[value] = name
	}
}

// call sends a request that must succeed and decodes its answer into out.
func call(t *testing.T, c *at.Client, method, path string, body any, out any, header ...string) {
	t.Helper()
	r := c.Do(method, path, body, header...)
	if r.Status < 200 || r.Status > 299 {
		t.Fatalf("fixture %s %s: status %d: %s", method, path, r.Status, r.Body)
	}
	if out != nil {
		r.JSON(t, out)
	}
}

type withID struct {
	ID         string `json:"id"`
	Membership struct {
		ID string `json:"id"`
	} `json:"membership"`
}

// build makes A's resources through the API.
func (w *world) build(t *testing.T) {
	t.Helper()
	a, c, d := w.a.Client, w.c.Client, w.d.Client
	w.set("handle.A", w.a.Handle, false)
	call(t, c, http.MethodPost, "/api/v1/profiles/"+w.a.Handle+"/follow", nil, nil)

	var p withID
	call(t, a, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Post público de A #acesso"}, &p)
	w.set("post.public", p.ID, false)
	const privateText = "Segredo de A só para seguidores"
	call(t, a, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": privateText, "visibility": "friends_only"}, &p)
	w.set("post.private", p.ID, true)
	w.secrets[privateText] = "private post's text"
	body, ct := multipartBody(t, map[string]string{"type": "image", "text_content": "Foto de A", "visibility": "public"}, "file")
	call(t, a, http.MethodPost, "/api/v1/posts/media", body, &p, "Content-Type", ct)
	w.set("post.media", p.ID, false)

	var cm withID
	call(t, a, http.MethodPost, "/api/v1/posts/"+w.fixtures["post.public"]+"/comments", map[string]string{"text_content": "Comentário de A"}, &cm)
	w.set("comment.public", cm.ID, false)
	const privateComment = "Comentário reservado de A"
	call(t, a, http.MethodPost, "/api/v1/posts/"+w.fixtures["post.private"]+"/comments", map[string]string{"text_content": privateComment}, &cm)
	w.set("comment.private", cm.ID, true)
	w.secrets[privateComment] = "comment on the private post"
	call(t, c, http.MethodPost, "/api/v1/posts/"+w.fixtures["post.public"]+"/comments", map[string]string{"text_content": "Comentário de C"}, &cm)
	w.set("comment.byC", cm.ID, false)

	// C's like leaves A a notification; C's report fills the reports queue.
	call(t, c, http.MethodPut, "/api/v1/posts/"+w.fixtures["post.public"]+"/like", nil, nil)
	var notes struct {
		Items []withID `json:"items"`
	}
	call(t, a, http.MethodGet, "/api/v1/notifications/list", nil, &notes)
	if len(notes.Items) == 0 {
		t.Fatal("A has no notification")
	}
	w.set("notification", notes.Items[0].ID, true)
	call(t, c, http.MethodPost, "/api/v1/posts/"+w.fixtures["post.public"]+"/report", map[string]string{"reason": "Spam"}, nil)

	var cmty withID
	call(t, a, http.MethodPost, "/api/v1/communities", map[string]any{"name": "Aberta de A", "privacy": "open"}, &cmty)
	w.set("community.open", cmty.ID, false)
	w.set("membership.open.A", cmty.Membership.ID, false)
	call(t, a, http.MethodPost, "/api/v1/communities", map[string]any{"name": "Fechada de A", "privacy": "closed"}, &cmty)
	w.set("community.closed", cmty.ID, false)
	open, closed := "/api/v1/communities/"+w.fixtures["community.open"], "/api/v1/communities/"+w.fixtures["community.closed"]
	call(t, c, http.MethodPost, open+"/join", nil, &cmty)
	w.set("membership.open.C", cmty.Membership.ID, false)
	call(t, w.b.Client, http.MethodPost, open+"/join", nil, nil)
	call(t, c, http.MethodPost, closed+"/join", nil, &cmty)
	w.set("membership.closed.C", cmty.Membership.ID, true)
	call(t, d, http.MethodPost, closed+"/join", nil, &cmty)
	w.set("membership.closed.D", cmty.Membership.ID, true)
	call(t, a, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": "Post de A na comunidade aberta",
		"audience_id": w.fixtures["community.open"]}, &p)
	w.set("cpost.open", p.ID, false)
	const closedText = "Post de A só para a comunidade fechada"
	call(t, a, http.MethodPost, "/api/v1/posts", map[string]string{"text_content": closedText,
		"audience_id": w.fixtures["community.closed"]}, &p)
	w.set("cpost.closed", p.ID, true)
	w.secrets[closedText] = "closed community's post"

	var room withID
	call(t, a, http.MethodPost, "/api/v1/rooms", map[string]any{"name": "Sala de A",
		"track_preview_url": "https://example.com/faixa.mp3", "current_track": "Faixa", "current_artist": "Artista"}, &room)
	w.set("room", room.ID, false)
	// C and D are in A's room: the host may remove one and ban the other.
	call(t, c, http.MethodPost, "/api/v1/rooms/"+room.ID+"/join", nil, nil)
	w.set("participant.C", w.c.ID, false)
	call(t, d, http.MethodPost, "/api/v1/rooms/"+room.ID+"/join", nil, nil)
	w.set("participant.D", w.d.ID, false)

	const storyText = "Story de A para seguidores"
	var story withID
	call(t, a, http.MethodPost, "/api/v1/stories", map[string]string{"text": storyText}, &story)
	w.set("story", story.ID, true)
	w.secrets[storyText] = "story's text"

	const dmText = "Mensagem privada de A para C"
	var conv withID
	call(t, a, http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": w.c.Handle}, &conv)
	w.set("conversation", conv.ID, true)
	call(t, a, http.MethodPost, "/api/v1/messages/conversations/"+conv.ID+"/messages", map[string]string{"text": dmText}, nil)
	w.secrets[dmText] = "direct message's text"

	// A's other session (the confirmation link's): ending it leaves A's
	// own requests working.
	var sessions struct {
		Items []struct {
			ID      string `json:"id"`
			Current bool   `json:"current"`
		} `json:"items"`
	}
	call(t, a, http.MethodGet, "/api/v1/auth/sessions", nil, &sessions)
	for _, s := range sessions.Items {
		if !s.Current {
			w.set("session", s.ID, true)
			break
		}
	}

	// A's passkey (a row as a registration leaves it): removing it is A's alone.
	var passkey string
	if err := w.app.DB.NewRaw(`INSERT INTO passkeys (id, account_id, credential_id, name, credential, created_at)
		VALUES (gen_random_uuid(), ?, decode(md5(random()::text), 'hex'), 'Chave de A', '{}', now()) RETURNING id`,
		w.a.ID).Scan(t.Context(), &passkey); err != nil {
		t.Fatalf("passkey of A: %v", err)
	}
	w.set("passkey", passkey, false)

	// An app A authorized: revoking its access is A's alone.
	var oauthApp struct {
		ID           string `json:"id"`
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
	}
	// Its token carries every scope: it must still reach nothing but the
	// operations opened to apps (the "app tokens" walk).
	const allScopes = "read write follow push profile"
	call(t, w.app.Client(), http.MethodPost, "/api/v1/apps", map[string]any{"client_name": "Aplicativo de A",
		"redirect_uris": "urn:ietf:wg:oauth:2.0:oob", "scopes": allScopes}, &oauthApp)
	var granted struct {
		Code string `json:"code"`
	}
	call(t, a, http.MethodPost, "/api/v1/oauth/authorization", map[string]string{"response_type": "code",
		"client_id": oauthApp.ClientID, "redirect_uri": "urn:ietf:wg:oauth:2.0:oob", "scope": allScopes}, &granted)
	var token struct {
		AccessToken string `json:"access_token"`
	}
	call(t, w.app.Client(), http.MethodPost, "/oauth/token", map[string]string{"grant_type": "authorization_code",
		"client_id": oauthApp.ClientID, "client_secret": oauthApp.ClientSecret, "code": granted.Code,
		"redirect_uri": "urn:ietf:wg:oauth:2.0:oob"}, &token)
	w.set("connected_app", oauthApp.ID, false)
	w.set("oauth_client", oauthApp.ClientID, false)
	w.appToken = token.AccessToken

	// A's muted word is A's secret.
	const mutedText = "palavra silenciada de A"
	var word withID
	call(t, a, http.MethodPost, "/api/v1/safety/muted-words", map[string]string{"word": mutedText}, &word)
	w.set("muted_word", word.ID, true)
	w.secrets[mutedText] = "muted word"

	// So are the servers A blocks.
	const blockedDomain = "servidor-bloqueado-por-a.example"
	call(t, a, http.MethodPost, "/api/v1/safety/domain-blocks", map[string]string{"domain": blockedDomain}, nil)
	w.set("domain_block", blockedDomain, true)
	w.secrets[blockedDomain] = "blocked server"

	// A staff decision leaves an audit entry.
	call(t, w.staff.Client, http.MethodPut, "/api/v1/admin/profiles/"+w.target.ID, map[string]any{"is_verified": true}, nil)
}

// unique is a fresh suffix for names that must not repeat.
func (w *world) unique() int {
	w.counter++
	return w.counter
}

// multipartBody is a form with fields and, for each of files, a small PNG.
func multipartBody(t testing.TB, fields map[string]string, files ...string) (*bytes.Buffer, string) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename="imagem.png"`, name))
		h.Set("Content-Type", "image/png")
		part, err := mw.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(part, testImage()); err != nil {
			t.Fatal(err)
		}
	}
	if err := mw.Close(); err != nil {
		t.Fatal(err)
	}
	return &b, mw.FormDataContentType()
}

func testImage() image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, 48, 32))
	for y := range 32 {
		for x := range 48 {
			img.Set(x, y, color.NRGBA{R: uint8(x * 5), G: uint8(y * 7), B: 90, A: 255})
		}
	}
	return img
}

// leaked names the secret fixtures an answer to B contains.
func (w *world) leaked(body []byte) []string {
	var out []string
	for value, what := range w.secrets {
		if strings.Contains(string(body), value) {
			out = append(out, what)
		}
	}
	return out
}
