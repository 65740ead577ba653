// Package apptest is the rig of the API scenario tests of every feature:
// the whole app on its own database with a clock the test moves,
// HTTP clients that each come from their own address, and members made
// through the API (sign-up, link read from the outbox, confirmation).
package apptest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/fx"

	"social/adapters/argon2id"
	"social/config"
	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
	"social/kit/plugin"
	"social/plugins"
	"social/tests/testkit"
)

// Secret signs the test apps' access tokens, so that tests can forge some.
const Secret = "apptest-secret-0123456789abcdef0123456789abcd"

// Password passes every password rule.
const Password = "Senha123"

// cheapHashing keeps scenario tests fast; only the cost differs from the app's.
var cheapHashing = argon2id.Params{MemoryKiB: 1024, Time: 1, Threads: 1}

// rig swaps the app's clock for the test's and password hashing for hashing
// with the given parameters, and adds a test's own options.
func rig(c *portstest.MovingClock, hashing argon2id.Params, extra ...fx.Option) plugin.Plugin {
	return plugin.Plugin{Name: "testrig", Module: fx.Options(append([]fx.Option{
		fx.Decorate(func(ports.Clock) ports.Clock { return c }),
		fx.Decorate(func(ports.PasswordHasher) ports.PasswordHasher { return argon2id.New(hashing) }),
	}, extra...)...)}
}

// App is the serving app of one test.
type App struct {
	*testkit.App
	Clock *portstest.MovingClock
	DB    *bun.DB         // for assertions only: fixtures go through the API
	Blobs ports.BlobStore // the media store the app writes to
	// Search is the app's search index, for assertions only.
	Search ports.SearchIndex
	list   []plugin.Plugin
	t      testing.TB
	ips    *atomic.Int32
	// operator is an administrator's token, made when the outbox is closed.
	operator string
}

// Start boots the app with a test clock, a known JWT secret, and the
// loopback as trusted proxy: each Client says its own address in
// X-Forwarded-For. tweak adjusts the configuration first.
func Start(t testing.TB, tweak func(*config.Config)) *App {
	t.Helper()
	return start(t, tweak, cheapHashing)
}

// StartWithAppHashing is Start with the app's own Argon2id cost
// (argon2id.DefaultParams), for tests about the time a password check takes.
func StartWithAppHashing(t testing.TB, tweak func(*config.Config)) *App {
	t.Helper()
	return start(t, tweak, argon2id.DefaultParams)
}

// StartWith is Start with more options in the app, such as a provider the
// test decorates (an outside service's client pointed at a test server).
func StartWith(t testing.TB, tweak func(*config.Config), extra ...fx.Option) *App {
	t.Helper()
	return start(t, tweak, cheapHashing, extra...)
}

// StartPopulating is Start that also fills targets (pointers) from the
// serving app's graph, as fx.Populate does: what a test reads of the app
// beyond its HTTP answers (a plugin's catalog of endpoints).
func StartPopulating(t testing.TB, tweak func(*config.Config), targets ...any) *App {
	t.Helper()
	return startPopulating(t, tweak, cheapHashing, nil, targets)
}

func start(t testing.TB, tweak func(*config.Config), hashing argon2id.Params, extra ...fx.Option) *App {
	t.Helper()
	return startPopulating(t, tweak, hashing, extra, nil)
}

func startPopulating(t testing.TB, tweak func(*config.Config), hashing argon2id.Params, extra []fx.Option, targets []any) *App {
	t.Helper()
	clock := portstest.NewMovingClock(time.Now().UTC().Truncate(time.Second))
	list := append(plugins.All(), rig(clock, hashing, extra...))
	cfg := testkit.Config(testkit.NewDatabase(t, list...))
	cfg.Auth.JWTSecret = Secret
	cfg.HTTP.TrustedProxies = []string{"127.0.0.1", "::1"}
	cfg.Storage.Disk.Dir = t.TempDir()
	if tweak != nil {
		tweak(cfg)
	}
	a := &App{Clock: clock, list: list, t: t, ips: &atomic.Int32{}}
	a.App = testkit.StartApp(t, cfg, list, append([]any{&a.DB, &a.Blobs, &a.Search}, targets...)...)
	return a
}

// Restart stops the app and starts a new one on the same database, with
// the same configuration and clock (another node, or the next release).
func (a *App) Restart() *App {
	a.t.Helper()
	if err := a.Stop(context.Background()); err != nil {
		a.t.Fatalf("stop: %v", err)
	}
	next := &App{Clock: a.Clock, list: a.list, t: a.t, ips: a.ips}
	next.App = testkit.StartApp(a.t, a.Config, a.list, &next.DB, &next.Blobs, &next.Search)
	return next
}

// AnotherNode starts a second app on the same database, configuration and
// clock, beside this one (two nodes behind one load balancer); it stops
// with the test.
func (a *App) AnotherNode() *App {
	a.t.Helper()
	cfg := *a.Config
	cfg.Search.Bleve.Dir = "" // a Bleve folder has one owner: each node indexes in its own
	other := &App{Clock: a.Clock, list: a.list, t: a.t, ips: a.ips}
	other.App = testkit.StartApp(a.t, &cfg, a.list, &other.DB, &other.Blobs, &other.Search)
	return other
}

// Client is a browser or API client at its own address, with a cookie jar.
type Client struct {
	App   *App
	IP    string
	Token string // access token sent as bearer, if set
	http  *http.Client
}

// Client makes a client at a fresh address.
func (a *App) Client() *Client {
	n := a.ips.Add(1)
	jar, _ := cookiejar.New(nil)
	return &Client{App: a, IP: fmt.Sprintf("198.51.%d.%d", n/250, n%250+1), http: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       30 * time.Second,
	}}
}

// Response is an answer, read whole.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Problem is a problem+json body.
type Problem struct {
	Title     string `json:"title"`
	Status    int    `json:"status"`
	Detail    string `json:"detail"`
	Code      string `json:"code"`
	RequestID string `json:"request_id"`
	Errors    []struct {
		Location string `json:"location"`
		Message  string `json:"message"`
	} `json:"errors"`
}

// Field is the message of one form field ("" if none).
func (p Problem) Field(name string) string {
	for _, e := range p.Errors {
		if e.Location == "body."+name {
			return e.Message
		}
	}
	return ""
}

// Do sends a request; body is JSON-encoded unless it is an io.Reader
// (then contentType says what it is).
func (c *Client) Do(method, path string, body any, header ...string) *Response {
	c.App.t.Helper()
	var r io.Reader
	contentType := ""
	switch b := body.(type) {
	case nil:
	case io.Reader:
		r = b
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			c.App.t.Fatal(err)
		}
		r, contentType = bytes.NewReader(raw), "application/json"
	}
	req, err := http.NewRequest(method, c.App.URL+path, r)
	if err != nil {
		c.App.t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("X-Forwarded-For", c.IP)
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.http.Do(req)
	if err != nil {
		c.App.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: raw}
}

// JSON decodes the body into v.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// Problem decodes a problem+json body.
func (r *Response) Problem(t testing.TB) Problem {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
		t.Fatalf("Content-Type %q, want a problem: %s", ct, r.Body)
	}
	var p Problem
	r.JSON(t, &p)
	return p
}

// Expect fails the test unless the status is want.
func (r *Response) Expect(t testing.TB, want int) *Response {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d: %s", r.Status, want, r.Body)
	}
	return r
}

// ExpectProblem fails the test unless r is a problem+json answer with the
// given status and code, and with the given detail when detail is not
// empty (a message the test does not pin, such as one with a count in it,
// is left out). It returns the problem for further checks.
func ExpectProblem(t testing.TB, r *Response, status int, code, detail string) Problem {
	t.Helper()
	r.Expect(t, status)
	p := r.Problem(t)
	if p.Code != code || (detail != "" && p.Detail != detail) {
		t.Fatalf("problem = %+v, want %d %s %q", p, status, code, detail)
	}
	return p
}

// ListIDs reads the list answer at path and answers its items' ids, in
// the order listed.
func (c *Client) ListIDs(t testing.TB, path string) []string {
	t.Helper()
	var page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	c.Do(http.MethodGet, path, nil).Expect(t, http.StatusOK).JSON(t, &page)
	ids := make([]string, len(page.Items))
	for i, it := range page.Items {
		ids[i] = it.ID
	}
	return ids
}

// Cookie is the refresh cookie the client holds for the auth endpoints.
func (c *Client) Cookie() string {
	u, _ := url.Parse(c.App.URL + "/api/v1/auth/refresh")
	for _, ck := range c.http.Jar.Cookies(u) {
		if ck.Name == "social_refresh" {
			return ck.Value
		}
	}
	return ""
}

// Session is the session answer.
type Session struct {
	AccessToken  string    `json:"access_token"`
	ExpiresAt    time.Time `json:"expires_at"`
	RefreshToken string    `json:"refresh_token"`
	User         struct {
		ID          string  `json:"id"`
		Email       string  `json:"email"`
		Handle      string  `json:"handle"`
		DisplayName string  `json:"display_name"`
		AvatarURL   *string `json:"avatar_url"`
		Role        string  `json:"role"`
	} `json:"user"`
}

// SignUpForm is a valid sign-up for email and handle.
func SignUpForm(email, handle string) map[string]string {
	return map[string]string{"email": email, "password": Password, "password_confirmation": Password,
		"display_name": "Membro " + handle, "handle": handle}
}

// Mail is one outbox row.
type Mail struct {
	ID       int64  `json:"id"`
	To       string `json:"to"`
	Subject  string `json:"subject"`
	BodyText string `json:"body_text"`
	Status   string `json:"status"`
}

// Mails reads the outbox for an address, newest first, through the admin API.
func (a *App) Mails(to string) []Mail {
	a.t.Helper()
	filter, _ := json.Marshal(map[string]string{"to": to})
	var auth []string
	if !a.Config.Admin.OpenAccess {
		// A closed outbox is read as an administrator.
		if a.operator == "" {
			a.operator = testkit.Staff(a.t, a.App, "operador", domain.RoleAdmin)
		}
		auth = []string{"Authorization", "Bearer " + a.operator}
	}
	r := a.Client().Do(http.MethodGet, "/api/v1/admin/mail?sort="+url.QueryEscape(`["id","DESC"]`)+"&filter="+url.QueryEscape(string(filter)), nil, auth...)
	r.Expect(a.t, http.StatusOK)
	var out []Mail
	r.JSON(a.t, &out)
	return out
}

var tokenInLink = regexp.MustCompile(`[?&]token=([A-Za-z0-9_\-%]+)`)

// LatestToken is the token in the newest e-mail to an address whose
// subject contains subject.
// Some mails are written by a job (password recovery): it waits for one
// for a few seconds.
func (a *App) LatestToken(to, subject string) string {
	a.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		for _, m := range a.Mails(to) {
			if strings.Contains(m.Subject, subject) {
				match := tokenInLink.FindStringSubmatch(m.BodyText)
				if match == nil {
					a.t.Fatalf("no token in mail %d: %s", m.ID, m.BodyText)
				}
				tok, _ := url.QueryUnescape(match[1])
				return tok
			}
		}
		if time.Now().After(deadline) {
			a.t.Fatalf("no mail %q to %s", subject, to)
			return ""
		}
	}
}

// Subjects of the mails members get.
const (
	ConfirmSubject = "Confirme seu email"
	ResetSubject   = "Redefinir sua senha"
)

// Member is a confirmed member signed in with the body transport.
type Member struct {
	*Client
	Email   string
	Handle  string
	ID      string
	Session Session
}

// Member signs up, confirms through the mailed link and signs in; its
// client carries the access token.
func (a *App) Member(handle string) *Member {
	a.t.Helper()
	return a.member(handle, handle)
}

// member is Member signed up as signUpHandle, then given handle.
func (a *App) member(handle, signUpHandle string) *Member {
	a.t.Helper()
	c := a.Client()
	email := handle + "@example.com"
	c.Do(http.MethodPost, "/api/v1/auth/sign-up", SignUpForm(email, signUpHandle)).Expect(a.t, http.StatusCreated)
	tok := a.LatestToken(email, ConfirmSubject)
	c.Do(http.MethodGet, "/api/v1/auth/confirm?token="+url.QueryEscape(tok), nil).Expect(a.t, http.StatusSeeOther)
	if handle != signUpHandle {
		if _, err := a.DB.NewRaw(`UPDATE profiles SET handle = ? WHERE id = (SELECT id FROM accounts WHERE email = ?)`,
			handle, email).Exec(context.Background()); err != nil {
			a.t.Fatalf("handle of %s: %v", handle, err)
		}
	}
	m := &Member{Client: c, Email: email, Handle: handle}
	m.Session = c.SignIn(email, Password)
	m.ID = m.Session.User.ID
	c.Token = m.Session.AccessToken
	return m
}

// NewPost publishes a post with the given text through the API and answers
// its ID; an empty visibility leaves the app's default.
func (m *Member) NewPost(t testing.TB, text, visibility string) string {
	t.Helper()
	form := map[string]string{"text_content": text}
	if visibility != "" {
		form["visibility"] = visibility
	}
	var p struct {
		ID string `json:"id"`
	}
	m.Do(http.MethodPost, "/api/v1/posts", form).Expect(t, http.StatusCreated).JSON(t, &p)
	return p.ID
}

// SignIn signs in with the body transport and returns the session.
func (c *Client) SignIn(email, password string) Session {
	c.App.t.Helper()
	r := c.Do(http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": email, "password": password})
	r.Expect(c.App.t, http.StatusOK)
	var s Session
	r.JSON(c.App.t, &s)
	return s
}

// Staff is a member whose role the operator raised (`social user promote`
// writes the same column); the authenticator reads the role on every
// request, so the member's token carries it at once. A handle no member
// may sign up with ("admin") is given by the operator after the sign-up.
func (a *App) Staff(handle string, role domain.Role) *Member {
	a.t.Helper()
	signUpHandle := handle
	if domain.Impersonates(handle, nil) {
		signUpHandle = "novo_" + handle
	}
	m := a.member(handle, signUpHandle)
	if _, err := a.DB.NewRaw(`UPDATE accounts SET role = ? WHERE id = ?`, string(role), m.ID).Exec(context.Background()); err != nil {
		a.t.Fatalf("role of %s: %v", handle, err)
	}
	return m
}
