package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"image"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"strings"
	"testing"
	"time"

	"social/config"
	at "social/tests/testkit/apptest"
	"social/tests/testkit/fixtures"
)

const (
	exportPath = "/api/v1/account/data-export"
	deletePath = "/api/v1/account/delete"
)

type exportState struct {
	Export *struct {
		ID       string  `json:"id"`
		Status   string  `json:"status"`
		Step     *string `json:"step"`
		Progress int     `json:"progress"`
	} `json:"export"`
	DownloadURL       *string    `json:"download_url"`
	DownloadExpiresAt *time.Time `json:"download_expires_at"`
	NextAt            *time.Time `json:"next_at"`
}

type idOnly struct {
	ID string `json:"id"`
}

type counts struct {
	FollowerCount  int `json:"follower_count"`
	FollowingCount int `json:"following_count"`
	PostCount      int `json:"post_count"`
	LikeCount      int `json:"like_count"`
	CommentCount   int `json:"comment_count"`
	MemberCount    int `json:"member_count"`
}

// imagePost publishes a post with a picture and answers its ID.
func imagePost(t *testing.T, m *at.Member, text string) string {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("text_content", text)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="foto.png"`)
	h.Set("Content-Type", "image/png")
	part, _ := w.CreatePart(h)
	_, _ = part.Write(fixtures.PNG(t, 8, 8))
	_ = w.Close()
	var p idOnly
	m.Do(http.MethodPost, "/api/v1/posts/media", &body, "Content-Type", w.FormDataContentType()).
		Expect(t, http.StatusCreated).JSON(t, &p)
	return p.ID
}

func getCounts(t *testing.T, m *at.Member, path string) counts {
	t.Helper()
	var c counts
	m.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK).JSON(t, &c)
	return c
}

func state(t *testing.T, m *at.Member) exportState {
	t.Helper()
	var s exportState
	m.Do(http.MethodGet, exportPath, nil).Expect(t, http.StatusOK).JSON(t, &s)
	return s
}

// waitExport polls until the latest export is no longer running.
func waitExport(t *testing.T, m *at.Member) exportState {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		s := state(t, m)
		if s.Export != nil && s.Export.Status != "queued" && s.Export.Status != "building" {
			return s
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("export still running after 30s")
	return exportState{}
}

// download fetches the archive at link as m (nil: without a session).
func download(t *testing.T, app *at.App, m *at.Member, link string) *at.Response {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	c := app.Client()
	if m != nil {
		c = m.Client
	}
	return c.Do(http.MethodGet, u.RequestURI(), nil)
}

func unzip(t *testing.T, b []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("archive: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], _ = io.ReadAll(r)
		_ = r.Close()
	}
	return out
}

func decode[T any](t *testing.T, files map[string][]byte, name string) T {
	t.Helper()
	b, ok := files[name]
	if !ok {
		t.Fatalf("archive has no %s", name)
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

type oauthApp struct {
	ID           string `json:"id"`
	ClientID     string `json:"client_id"`
	ClientSecret string `json:"client_secret"`
}

type oauthToken struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
}

// authorizeApp registers an app named name, has m authorize it for scopes
// and trades the code, as an app does.
func authorizeApp(t *testing.T, app *at.App, m *at.Member, name, scopes string) (oauthApp, oauthToken) {
	t.Helper()
	const redirect = "https://leitor.example/callback"
	var a oauthApp
	at.FormPost(app.Client(), "/api/v1/apps", url.Values{"client_name": {name}, "website": {"https://leitor.example"},
		"redirect_uris": {redirect}, "scopes": {scopes}}).Expect(t, http.StatusOK).JSON(t, &a)
	var d struct {
		RedirectTo string `json:"redirect_to"`
	}
	m.Do(http.MethodPost, "/api/v1/oauth/authorization", map[string]string{"response_type": "code", "client_id": a.ClientID,
		"redirect_uri": redirect, "scope": scopes}).Expect(t, http.StatusOK).JSON(t, &d)
	back, err := url.Parse(d.RedirectTo)
	if err != nil {
		t.Fatal(err)
	}
	var tok oauthToken
	at.FormPost(app.Client(), "/oauth/token", url.Values{"grant_type": {"authorization_code"}, "client_id": {a.ClientID},
		"client_secret": {a.ClientSecret}, "code": {back.Query().Get("code")}, "redirect_uri": {redirect}}).
		Expect(t, http.StatusOK).JSON(t, &tok)
	if tok.AccessToken == "" || tok.RefreshToken == "" {
		t.Fatalf("token: %+v", tok)
	}
	return a, tok
}

func sql(t *testing.T, app *at.App, dest any, q string, args ...any) {
	t.Helper()
	if err := app.DB.NewRaw(q, args...).Scan(context.Background(), dest); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// The archive holds what the member made and saw, checked file by file
// against what was created: profile, posts (the picture under media/),
// comments, likes, follows both ways, communities, stories and the
// messages of their conversations; nothing of a conversation they are
// not in.
func TestExportArchiveHoldsTheMembersData(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana_export"), app.Member("bia_export"), app.Member("caio_export")

	p1 := ana.NewPost(t, "primeiro post da ana", "")
	p2 := imagePost(t, ana, "foto da ana")
	bp := bia.NewPost(t, "post da bia", "")
	ana.Do(http.MethodPut, "/api/v1/posts/"+bp+"/like", nil).Expect(t, http.StatusOK)
	var cm idOnly
	ana.Do(http.MethodPost, "/api/v1/posts/"+bp+"/comments", map[string]string{"text_content": "comentário da ana"}).
		Expect(t, http.StatusCreated).JSON(t, &cm)
	ana.Do(http.MethodPost, "/api/v1/profiles/bia_export/follow", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/profiles/ana_export/follow", nil).Expect(t, http.StatusOK)

	var comm idOnly
	bia.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": "Clube da Bia", "privacy": "open"}).
		Expect(t, http.StatusCreated).JSON(t, &comm)
	ana.Do(http.MethodPost, "/api/v1/communities/"+comm.ID+"/join", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/stories", map[string]string{"text": "story da ana"}).Expect(t, http.StatusCreated)

	var conv idOnly
	ana.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "bia_export"}).
		Expect(t, http.StatusCreated).JSON(t, &conv)
	ana.Do(http.MethodPost, "/api/v1/messages/conversations/"+conv.ID+"/messages", map[string]string{"text": "oi bia"}).
		Expect(t, http.StatusCreated)
	bia.Do(http.MethodPost, "/api/v1/messages/conversations/"+conv.ID+"/messages", map[string]string{"text": "oi ana"}).
		Expect(t, http.StatusCreated)
	var other idOnly
	bia.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "caio_export"}).
		Expect(t, http.StatusCreated).JSON(t, &other)
	bia.Do(http.MethodPost, "/api/v1/messages/conversations/"+other.ID+"/messages", map[string]string{"text": "segredo do caio"}).
		Expect(t, http.StatusCreated)

	// Two apps ana authorized: one she uses, one she disconnected.
	reader, readerTok := authorizeApp(t, app, ana, "Leitor da Ana", "read write")
	readerApp := app.Client()
	readerApp.Token = readerTok.AccessToken
	readerApp.Do(http.MethodGet, "/api/v1/accounts/verify_credentials", nil).Expect(t, http.StatusOK)
	gone, goneTok := authorizeApp(t, app, ana, "App Antigo", "read")
	ana.Do(http.MethodDelete, "/api/v1/oauth/connected-apps/"+gone.ID, nil).Expect(t, http.StatusNoContent)

	if s := state(t, ana); s.Export != nil || s.DownloadURL != nil {
		t.Fatalf("before any request: %+v", s)
	}
	ana.Do(http.MethodPost, exportPath, nil).Expect(t, http.StatusAccepted)
	s := waitExport(t, ana)
	if s.Export.Status != "ready" || s.Export.Progress != 100 || s.DownloadURL == nil {
		t.Fatalf("export: %+v", s.Export)
	}
	r := download(t, app, ana, *s.DownloadURL).Expect(t, http.StatusOK)
	body := r.Body
	files := unzip(t, body)

	profile := decode[map[string]any](t, files, "profile.json")
	if profile["nome_de_usuario"] != "ana_export" || profile["email"] != ana.Email {
		t.Errorf("profile.json: %v", profile)
	}
	posts := decode[[]struct {
		ID    string  `json:"id"`
		Texto string  `json:"texto"`
		Midia *string `json:"midia"`
	}](t, files, "posts.json")
	if len(posts) != 2 || posts[0].ID != p1 || posts[1].ID != p2 || posts[1].Midia == nil {
		t.Fatalf("posts.json: %+v", posts)
	}
	if pic := files[*posts[1].Midia]; len(pic) == 0 {
		t.Errorf("the post's picture %s is not in the archive", *posts[1].Midia)
	} else if _, _, err := image.Decode(bytes.NewReader(pic)); err != nil {
		t.Errorf("the post's picture: %v", err)
	}
	comments := decode[[]struct {
		ID     string `json:"id"`
		PostID string `json:"post_id"`
		Texto  string `json:"texto"`
	}](t, files, "comments.json")
	if len(comments) != 1 || comments[0].ID != cm.ID || comments[0].PostID != bp || comments[0].Texto != "comentário da ana" {
		t.Errorf("comments.json: %+v", comments)
	}
	likes := decode[[]struct {
		PostID string `json:"post_id"`
	}](t, files, "likes.json")
	if len(likes) != 1 || likes[0].PostID != bp {
		t.Errorf("likes.json: %+v", likes)
	}
	type follow struct {
		Handle string `json:"nome_de_usuario"`
	}
	if f := decode[[]follow](t, files, "following.json"); len(f) != 1 || f[0].Handle != "bia_export" {
		t.Errorf("following.json: %+v", f)
	}
	if f := decode[[]follow](t, files, "followers.json"); len(f) != 1 || f[0].Handle != "caio_export" {
		t.Errorf("followers.json: %+v", f)
	}
	memberships := decode[[]struct {
		CommunityID string `json:"comunidade_id"`
		Role        string `json:"papel"`
	}](t, files, "communities/memberships.json")
	if len(memberships) != 1 || memberships[0].CommunityID != comm.ID || memberships[0].Role != "member" {
		t.Errorf("communities/memberships.json: %+v", memberships)
	}
	stories := decode[[]struct {
		Texto string `json:"texto"`
	}](t, files, "stories/stories.json")
	if len(stories) != 1 || stories[0].Texto != "story da ana" {
		t.Errorf("stories/stories.json: %+v", stories)
	}
	convs := decode[[]struct {
		ID        string `json:"id"`
		Com       string `json:"com"`
		Mensagens []struct {
			Mine  bool   `json:"enviada_por_mim"`
			Texto string `json:"texto"`
		} `json:"mensagens"`
	}](t, files, "messages/conversations.json")
	if len(convs) != 1 || convs[0].ID != conv.ID || convs[0].Com != "bia_export" || len(convs[0].Mensagens) != 2 ||
		!convs[0].Mensagens[0].Mine || convs[0].Mensagens[1].Mine || convs[0].Mensagens[1].Texto != "oi ana" {
		t.Errorf("messages/conversations.json: %+v", convs)
	}
	if bytes.Contains(body, []byte("segredo do caio")) {
		t.Error("the archive holds a message of a conversation the member is not in")
	}
	apps := decode[[]struct {
		Nome         string     `json:"nome"`
		Site         *string    `json:"site"`
		Permissoes   []string   `json:"permissoes"`
		AutorizadoEm time.Time  `json:"autorizado_em"`
		UsadoEm      *time.Time `json:"usado_por_ultimo_em"`
		Conectado    bool       `json:"conectado"`
	}](t, files, "apps.json")
	if len(apps) != 2 || apps[0].Nome != "Leitor da Ana" || apps[0].Site == nil || *apps[0].Site != "https://leitor.example" ||
		strings.Join(apps[0].Permissoes, " ") != "read write" || apps[0].AutorizadoEm.IsZero() || apps[0].UsadoEm == nil ||
		!apps[0].Conectado || apps[1].Nome != "App Antigo" || apps[1].Conectado || apps[1].UsadoEm != nil {
		t.Errorf("apps.json: %+v", apps)
	}
	// No token, secret or hash of one, in any file, compressed or not.
	for _, a := range []struct {
		what, secret string
	}{
		{"access token", readerTok.AccessToken}, {"refresh token", readerTok.RefreshToken},
		{"client secret", reader.ClientSecret}, {"disconnected access token", goneTok.AccessToken},
		{"disconnected refresh token", goneTok.RefreshToken}, {"disconnected client secret", gone.ClientSecret},
	} {
		sum := sha256.Sum256([]byte(a.secret))
		forms := [][]byte{[]byte(a.secret), []byte(hex.EncodeToString(sum[:])), []byte(base64.StdEncoding.EncodeToString(sum[:])),
			[]byte(base64.RawURLEncoding.EncodeToString(sum[:]))}
		for name, b := range files {
			for _, f := range forms {
				if bytes.Contains(b, f) || bytes.Contains(body, f) {
					t.Errorf("%s holds the %s (%q)", name, a.what, f)
				}
			}
		}
	}
	for _, name := range []string{"rooms/hosted.json", "rooms/messages.json", "LEIA-ME.json"} {
		if _, ok := files[name]; !ok {
			t.Errorf("archive has no %s", name)
		}
	}
	// The ready archive is announced in the notification list, once, by
	// the service (no sender), and no longer by e-mail.
	var list struct {
		Items []struct {
			Type   string  `json:"type"`
			Notice *string `json:"notice"`
			Title  string  `json:"title"`
			Sender *struct {
				ID string `json:"id"`
			} `json:"sender"`
		} `json:"items"`
		UnreadCount int `json:"unread_count"`
	}
	ana.Do(http.MethodGet, "/api/v1/notifications/list", nil).Expect(t, http.StatusOK).JSON(t, &list)
	notices := 0
	for _, it := range list.Items {
		if it.Type != "system" {
			continue
		}
		notices++
		if it.Notice == nil || *it.Notice != "export_ready" || it.Title != "Seu arquivo de dados está pronto" || it.Sender != nil {
			t.Errorf("notice: %+v", it)
		}
	}
	if notices != 1 || list.UnreadCount != len(list.Items) {
		t.Errorf("notifications: %+v", list)
	}
	for _, m := range app.Mails(ana.Email) {
		if strings.Contains(m.Subject, "arquivo") {
			t.Errorf("archive still mailed: %+v", m)
		}
	}
}

// One export at a time, one per export_every; a failed one does not count.
// The archive is downloaded with the member's session only: without it,
// after sign-out, by another member or once the archive's time is up, it
// is refused; it is never kept by a cache on the way.
func TestExportOneAtATimeRateLimitedAndDownloadNeedsTheSession(t *testing.T) {
	t.Parallel()
	app := at.Start(t, nil)
	ana, bia := app.Member("ana_limits"), app.Member("bia_limits")

	// A running export refuses a second one.
	if _, err := app.DB.NewRaw(`INSERT INTO data_exports (id, member_id, status, requested_at) VALUES
		(gen_random_uuid(), ?, 'building', ?)`, ana.ID, app.Clock.Now().Add(-time.Minute)).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	p := ana.Do(http.MethodPost, exportPath, nil).Expect(t, http.StatusConflict).Problem(t)
	if p.Code != "export_in_progress" || p.Detail == "" {
		t.Fatalf("second export: %+v", p)
	}
	// It failed: asking again is allowed.
	if _, err := app.DB.NewRaw(`UPDATE data_exports SET status = 'failed' WHERE member_id = ?`, ana.ID).
		Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
	ana.Do(http.MethodPost, exportPath, nil).Expect(t, http.StatusAccepted)
	s := waitExport(t, ana)
	if s.Export.Status != "ready" || s.DownloadURL == nil || s.NextAt == nil {
		t.Fatalf("export: %+v %+v", s, s.Export)
	}
	r := ana.Do(http.MethodPost, exportPath, nil).Expect(t, http.StatusTooManyRequests)
	if p := r.Problem(t); p.Code != "export_rate_limited" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("third export: %+v %v", p, r.Header)
	}
	app.Clock.Advance(24*time.Hour + time.Second)
	ana.Token = ana.SignIn(ana.Email, at.Password).AccessToken // the access token expired meanwhile
	s = state(t, ana)
	if s.NextAt != nil || s.DownloadURL == nil {
		t.Fatalf("a day later: %+v", s)
	}

	// The link alone is refused: it needs the session.
	link := *s.DownloadURL
	if p := download(t, app, nil, link).Expect(t, http.StatusUnauthorized).Problem(t); p.Code != "unauthenticated" {
		t.Fatalf("without a session: %+v", p)
	}
	if u, _ := url.Parse(link); u.Path != "/api/v1/account/data-export/archive" || u.RawQuery != "" {
		t.Fatalf("download link %q", link)
	}
	// Another member has no archive there.
	bia.Token = bia.SignIn(bia.Email, at.Password).AccessToken
	if p := download(t, app, bia, link).Expect(t, http.StatusNotFound).Problem(t); p.Code != "export_not_found" {
		t.Fatalf("another member: %+v", p)
	}
	// With the session: the zip, kept by no cache.
	r = download(t, app, ana, link).Expect(t, http.StatusOK)
	if cc := r.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("Cache-Control %q, want no-store", cc)
	}
	if ct, cd := r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"); ct != "application/zip" ||
		!strings.HasPrefix(cd, "attachment; filename=") {
		t.Errorf("Content-Type %q, Content-Disposition %q", ct, cd)
	}
	if files := unzip(t, r.Body); len(files) == 0 {
		t.Error("empty archive")
	}
	// Signed out: the same token and link are refused.
	ana.Do(http.MethodPost, "/api/v1/auth/sign-out", nil).Expect(t, http.StatusNoContent)
	download(t, app, ana, link).Expect(t, http.StatusUnauthorized)
	// Signed in again, until the archive's time is up.
	ana.Token = ana.SignIn(ana.Email, at.Password).AccessToken
	download(t, app, ana, link).Expect(t, http.StatusOK)
	app.Clock.Advance(8 * 24 * time.Hour)
	ana.Token = ana.SignIn(ana.Email, at.Password).AccessToken
	if p := download(t, app, ana, link).Expect(t, http.StatusNotFound).Problem(t); p.Code != "export_not_found" {
		t.Fatalf("expired archive: %+v", p)
	}
}

// Deleting with the password (its refusals are the use case's unit test)
// signs the account out everywhere (tokens refused, refresh refused,
// sockets closed), every counter that counted the member falls, their
// messages stay for the other member as from "Conta excluída", the handle
// is held and then free, and the audit entry names no one.
func TestDeleteAccount(t *testing.T) {
	t.Parallel()
	// Long enough never to run out during the test, however slow the
	// machine: its end is brought forward in the database below, whose
	// clock the hold is checked against.
	hold := time.Hour
	app := at.Start(t, func(c *config.Config) { c.DataRights.HandleHold = hold })
	ana, bia := app.Member("ana_deleta"), app.Member("bia_fica")
	laptop := at.Member{Client: app.Client(), Email: ana.Email}
	s2 := laptop.SignIn(ana.Email, at.Password)
	laptop.Token = s2.AccessToken

	bp := bia.NewPost(t, "post da bia", "")
	ana.NewPost(t, "post da ana", "")
	ana.Do(http.MethodPut, "/api/v1/posts/"+bp+"/like", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/posts/"+bp+"/comments", map[string]string{"text_content": "oi"}).Expect(t, http.StatusCreated)
	bia.Do(http.MethodPost, "/api/v1/posts/"+bp+"/comments", map[string]string{"text_content": "oi de volta"}).Expect(t, http.StatusCreated)
	bia.Do(http.MethodPost, "/api/v1/profiles/ana_deleta/follow", nil).Expect(t, http.StatusOK)
	ana.Do(http.MethodPost, "/api/v1/profiles/bia_fica/follow", nil).Expect(t, http.StatusOK)
	var comm idOnly
	bia.Do(http.MethodPost, "/api/v1/communities", map[string]string{"name": "Clube da Bia 2", "privacy": "open"}).
		Expect(t, http.StatusCreated).JSON(t, &comm)
	ana.Do(http.MethodPost, "/api/v1/communities/"+comm.ID+"/join", nil).Expect(t, http.StatusOK)
	var conv idOnly
	ana.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "bia_fica"}).
		Expect(t, http.StatusCreated).JSON(t, &conv)
	ana.Do(http.MethodPost, "/api/v1/messages/conversations/"+conv.ID+"/messages", map[string]string{"text": "tchau bia"}).
		Expect(t, http.StatusCreated)

	before := getCounts(t, bia, "/api/v1/profiles/bia_fica")
	if before.FollowerCount != 1 || before.FollowingCount != 1 {
		t.Fatalf("bia before: %+v", before)
	}
	if c := getCounts(t, bia, "/api/v1/posts/"+bp); c.LikeCount != 1 || c.CommentCount != 2 {
		t.Fatalf("bia's post before: %+v", c)
	}
	if c := getCounts(t, bia, "/api/v1/communities/"+comm.ID); c.MemberCount != 2 {
		t.Fatalf("community before: %+v", c)
	}
	socket := laptop.Realtime(t)

	ana.Do(http.MethodPost, deletePath, map[string]string{"password": at.Password}).Expect(t, http.StatusNoContent)

	// Signed out everywhere at once.
	if code := socket.CloseCode(t, 5*time.Second); code == 0 {
		t.Fatal("socket not closed")
	}
	for _, m := range []*at.Member{ana, &laptop} {
		m.Do(http.MethodGet, exportPath, nil).Expect(t, http.StatusUnauthorized)
	}
	app.Client().Do(http.MethodPost, "/api/v1/auth/refresh", map[string]string{"refresh_token": ana.Session.RefreshToken}).
		Expect(t, http.StatusUnauthorized)
	app.Client().Do(http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": ana.Email, "password": at.Password}).
		Expect(t, http.StatusUnauthorized)

	// The counters that counted her fall, once the erasing job is done.
	waitFor(t, func() bool {
		var left int
		sql(t, app, &left, `SELECT count(*) FROM river_job WHERE kind = 'datarights.erase_member' AND state <> 'completed'`)
		if left > 0 {
			var errs []string
			sql(t, app, &errs, `SELECT coalesce(errors::text, '') FROM river_job WHERE kind = 'datarights.erase_member'`)
			t.Logf("erasing job: %v", errs)
		}
		return left == 0
	}, "the erasing job")
	if c := getCounts(t, bia, "/api/v1/profiles/bia_fica"); c.FollowerCount != 0 || c.FollowingCount != 0 {
		t.Errorf("bia's follow counts after: %+v", c)
	}
	if c := getCounts(t, bia, "/api/v1/posts/"+bp); c.LikeCount != 0 || c.CommentCount != 1 {
		t.Errorf("bia's post after: %+v", c)
	}
	if c := getCounts(t, bia, "/api/v1/communities/"+comm.ID); c.MemberCount != 1 {
		t.Errorf("community after: %+v", c)
	}
	var left int
	sql(t, app, &left, `SELECT (SELECT count(*) FROM posts WHERE author_id = ?0) + (SELECT count(*) FROM likes WHERE user_id = ?0)
		+ (SELECT count(*) FROM comments WHERE author_id = ?0) + (SELECT count(*) FROM follows WHERE ?0 IN (follower_id, following_id))
		+ (SELECT count(*) FROM community_members WHERE user_id = ?0)
		+ (SELECT count(*) FROM timelines WHERE ?0 IN (member_id, author_id))`, ana.ID)
	if left != 0 {
		t.Errorf("%d rows of hers are left", left)
	}
	app.Client().Do(http.MethodGet, "/api/v1/profiles/ana_deleta", nil).Expect(t, http.StatusNotFound)

	// Her message stays for bia, from a deleted account.
	var msgs struct {
		Items []struct {
			SenderID string `json:"sender_id"`
			Text     string `json:"text"`
		} `json:"items"`
	}
	bia.Do(http.MethodGet, "/api/v1/messages/conversations/"+conv.ID+"/messages", nil).Expect(t, http.StatusOK).JSON(t, &msgs)
	if len(msgs.Items) != 1 || msgs.Items[0].Text != "tchau bia" {
		t.Fatalf("bia's messages: %+v", msgs)
	}
	var peer struct {
		Peer struct {
			DisplayName string `json:"display_name"`
		} `json:"peer"`
	}
	bia.Do(http.MethodGet, "/api/v1/messages/conversations/"+conv.ID, nil).Expect(t, http.StatusOK).JSON(t, &peer)
	if peer.Peer.DisplayName != "Conta excluída" {
		t.Errorf("the conversation's other member: %+v", peer)
	}

	// The audit entry names no one.
	var details, actor string
	sql(t, app, &details, `SELECT details::text FROM audit_log WHERE action = 'account.delete' AND target_id = ?`, ana.ID)
	sql(t, app, &actor, `SELECT actor_role FROM audit_log WHERE action = 'account.delete' AND target_id = ?`, ana.ID)
	if details != "{}" || actor != "member" {
		t.Errorf("audit: %s %s", actor, details)
	}
	var email string
	sql(t, app, &email, `SELECT email FROM accounts WHERE id = ?`, ana.ID)
	if email == ana.Email {
		t.Error("the tombstone keeps the e-mail")
	}

	// The handle is held, then free.
	r := app.Client().Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm("outra@example.com", "ana_deleta"))
	if r.Expect(t, http.StatusConflict); r.Problem(t).Code != "handle_taken" {
		t.Fatalf("held handle: %s", r.Body)
	}
	var ended int
	sql(t, app, &ended, `WITH e AS (UPDATE handle_holds SET held_until = now() - interval '1 second'
		WHERE handle = 'ana_deleta' RETURNING 1) SELECT count(*) FROM e`)
	if ended != 1 {
		t.Fatalf("%d holds of the handle", ended)
	}
	app.Client().Do(http.MethodPost, "/api/v1/auth/sign-up", at.SignUpForm("outra@example.com", "ana_deleta")).
		Expect(t, http.StatusCreated)
}

func waitFor(t *testing.T, ok func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if ok() {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s: still not there after 30s", what)
}
