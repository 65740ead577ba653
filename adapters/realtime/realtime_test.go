package realtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/websocket"
	"go.uber.org/fx"

	"social/adapters/argon2id"
	"social/adapters/realtime"
	"social/config"
	"social/core/domain"
	"social/core/ports"
	"social/kit/plugin"
	"social/plugins"
	"social/tests/testkit"
	"social/tests/testkit/apptest"
)

// rig is the whole app plus a probe plugin contributing a "probe:" topic:
// probe:open for any member, probe:{id} only for member {id}, nothing else.
type rig struct {
	*testkit.App
	t      *testing.T
	bc     ports.Broadcaster
	origin string
	ips    atomic.Int32
	hooks  *hookLog
	gw     *realtime.Gateway
}

func start(t *testing.T) *rig { return startWith(t, nil) }

// startWith lets a test change the configuration first.
func startWith(t *testing.T, tweak func(*config.Config)) *rig {
	t.Helper()
	hooks := newHookLog()
	probe := plugin.Plugin{Name: "realtimeprobe", Module: fx.Options(
		fx.Decorate(func(ports.PasswordHasher) ports.PasswordHasher {
			return argon2id.New(argon2id.Params{MemoryKiB: 1024, Time: 1, Threads: 1})
		}),
		fx.Provide(plugin.AsTopic(func() plugin.Topic {
			return plugin.Topic{Plugin: "realtimeprobe", Prefix: "probe:", Authorize: func(ctx context.Context, topic string) error {
				rest := strings.TrimPrefix(topic, "probe:")
				if rest == "open" || rest == "slow" || rest == domain.ViewerFrom(ctx).UserID.String() {
					return nil
				}
				return errors.New("not yours")
			}, OnSubscribe: hooks.subscribed, OnUnsubscribe: hooks.unsubscribed}
		})),
	)}
	list := append(plugins.All(), probe)
	cfg := testkit.Config(testkit.NewDatabase(t, list...))
	cfg.HTTP.TrustedProxies = []string{"127.0.0.1", "::1"}
	if tweak != nil {
		tweak(cfg)
	}
	r := &rig{t: t, hooks: hooks}
	r.App = testkit.StartApp(t, cfg, list, &r.bc, &r.gw)
	u, err := url.Parse(cfg.HTTP.PublicURL)
	if err != nil {
		t.Fatal(err)
	}
	r.origin = u.Scheme + "://" + u.Host
	return r
}

type member struct{ ID, Token string }

var tokenInLink = regexp.MustCompile(`[?&]token=([A-Za-z0-9_\-%]+)`)

// member signs up, confirms through the mailed link and signs in.
// call makes one API request from address ip (with a bearer token when
// given) and decodes the answer into out.
func (r *rig) call(ip, token, method, path string, body any, want int, out any) {
	r.t.Helper()
	raw := []byte{}
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			r.t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, r.URL+path, strings.NewReader(string(raw)))
	if err != nil {
		r.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != want {
		r.t.Fatalf("%s %s: %d, want %d", method, path, resp.StatusCode, want)
	}
	if out != nil {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			r.t.Fatal(err)
		}
	}
}

// post publishes a post as m and returns its ID.
func (r *rig) post(m member, text, visibility string) string {
	r.t.Helper()
	var p struct{ ID string }
	r.call("198.51.100.250", m.Token, http.MethodPost, "/api/v1/posts",
		map[string]string{"text_content": text, "visibility": visibility}, http.StatusCreated, &p)
	return p.ID
}

func (r *rig) member(handle string) member {
	r.t.Helper()
	ip := fmt.Sprintf("198.51.100.%d", r.ips.Add(1))
	email := handle + "@example.com"
	do := func(method, path string, body any, want int, out any) {
		r.t.Helper()
		r.call(ip, "", method, path, body, want, out)
	}
	do(http.MethodPost, "/api/v1/auth/sign-up", apptest.SignUpForm(email, handle), http.StatusCreated, nil)
	var mails []apptest.Mail
	filter, _ := json.Marshal(map[string]string{"to": email})
	do(http.MethodGet, "/api/v1/admin/mail?sort="+url.QueryEscape(`["id","DESC"]`)+"&filter="+url.QueryEscape(string(filter)), nil, http.StatusOK, &mails)
	var tok string
	for _, m := range mails {
		if strings.Contains(m.Subject, apptest.ConfirmSubject) {
			if match := tokenInLink.FindStringSubmatch(m.BodyText); match != nil {
				tok, _ = url.QueryUnescape(match[1])
				break
			}
		}
	}
	if tok == "" {
		r.t.Fatalf("no confirmation mail to %s", email)
	}
	do(http.MethodGet, "/api/v1/auth/confirm?token="+url.QueryEscape(tok), nil, http.StatusSeeOther, nil)
	var s apptest.Session
	do(http.MethodPost, "/api/v1/auth/sign-in", map[string]string{"email": email, "password": apptest.Password}, http.StatusOK, &s)
	return member{ID: s.User.ID, Token: s.AccessToken}
}

func (r *rig) dialRaw(token, origin string) (*websocket.Conn, *http.Response, error) {
	u := "ws" + strings.TrimPrefix(r.URL, "http") + realtime.Path
	h := http.Header{}
	if token != "" {
		h = realtime.ClientHeader(token)
	}
	if origin != "" {
		h.Set("Origin", origin)
	}
	d := websocket.Dialer{HandshakeTimeout: 5 * time.Second}
	return d.Dial(u, h)
}

type client struct {
	t *testing.T
	c *websocket.Conn
}

func (r *rig) dial(m member) *client {
	r.t.Helper()
	c, resp, err := r.dialRaw(m.Token, r.origin)
	if err != nil {
		status := 0
		if resp != nil {
			status = resp.StatusCode
		}
		r.t.Fatalf("dial: %v (status %d)", err, status)
	}
	r.t.Cleanup(func() { _ = c.Close() })
	return &client{t: r.t, c: c}
}

// msg is any server message.
type msg struct {
	Type   string   `json:"type"`
	Topic  string   `json:"topic"`
	Topics []string `json:"topics"`
	Event  struct {
		Type string          `json:"type"`
		Data json.RawMessage `json:"data"`
	} `json:"event"`
	Code        string `json:"code"`
	Message     string `json:"message"`
	PublishedAt string `json:"published_at"`
}

func (c *client) send(v any) {
	c.t.Helper()
	if err := c.c.WriteJSON(v); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

func (c *client) read() msg {
	c.t.Helper()
	_ = c.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	var m msg
	if err := c.c.ReadJSON(&m); err != nil {
		c.t.Fatalf("read: %v", err)
	}
	return m
}

func (c *client) expect(typ, topic string) msg {
	c.t.Helper()
	m := c.read()
	if m.Type != typ || m.Topic != topic {
		c.t.Fatalf("got %+v, want %s on %q", m, typ, topic)
	}
	return m
}

func (c *client) subscribe(topic string) {
	c.t.Helper()
	c.send(map[string]string{"type": "subscribe", "topic": topic})
	c.expect("subscribed", topic)
}

// closedWith reads until the socket ends and returns the close code.
func (c *client) closedWith() int {
	c.t.Helper()
	_ = c.c.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		if _, _, err := c.c.ReadMessage(); err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code
			}
			c.t.Fatalf("socket ended without a close frame: %v", err)
		}
	}
}

func (r *rig) publish(topic, typ string, data any) {
	r.t.Helper()
	if err := r.bc.Publish(context.Background(), topic, ports.Event{Type: typ, Data: data}); err != nil {
		r.t.Fatal(err)
	}
}

func TestHandshake(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana := r.member("ana")
	for _, c := range []struct {
		name, token, origin string
		want                int
	}{
		{"no token", "", r.origin, http.StatusUnauthorized},
		{"forged token", "eyJhbGciOiJIUzI1NiJ9.e30.x", r.origin, http.StatusUnauthorized},
		{"other origin", ana.Token, "https://evil.example", http.StatusForbidden},
		{"null origin", ana.Token, "null", http.StatusForbidden},
		{"public origin", ana.Token, r.origin, http.StatusSwitchingProtocols},
		{"no origin (not a browser)", ana.Token, "", http.StatusSwitchingProtocols},
	} {
		conn, resp, err := r.dialRaw(c.token, c.origin)
		if resp == nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if resp.StatusCode != c.want {
			t.Errorf("%s: status %d, want %d", c.name, resp.StatusCode, c.want)
		}
		if conn != nil {
			_ = conn.Close()
		}
	}
}

func TestSubscriptions(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia := r.member("ana"), r.member("bia")
	// Posted before anyone listens, so their feed:public events are not
	// in the way of what follows.
	publicPost := r.post(bia, "público", "public")
	hiddenPost := r.post(bia, "só seguidores", "friends_only")
	a := r.dial(ana)

	a.subscribe(realtime.TopicPublicFeed)
	sent := time.Now()
	r.publish(realtime.TopicPublicFeed, "post.created", map[string]string{"id": "p1"})
	m := a.expect("event", realtime.TopicPublicFeed)
	t.Logf("publish to receive: %v", time.Since(sent))
	if m.Event.Type != "post.created" || string(m.Event.Data) != `{"id":"p1"}` {
		t.Fatalf("event = %+v", m)
	}
	// Stamped when published: after the publish call began, before receipt.
	if at, err := time.Parse(realtime.PublishedAtLayout, m.PublishedAt); err != nil ||
		at.Before(sent.Truncate(time.Microsecond)) || at.After(time.Now()) {
		t.Fatalf("published_at = %q (%v), published at %v", m.PublishedAt, err, sent)
	}

	// Someone else's notifications: refused, and nothing delivered.
	other := "user:" + bia.ID + ":notifications"
	a.send(map[string]string{"type": "subscribe", "topic": other})
	if m := a.expect("error", other); m.Code != "topic_forbidden" || m.Message == "" {
		t.Fatalf("refusal = %+v", m)
	}
	r.publish(other, "notification", "segredo")
	r.publish(realtime.TopicPublicFeed, "marker", 1)
	if m := a.read(); m.Event.Type != "marker" {
		t.Fatalf("got %+v, want only the marker", m)
	}
	// The notice that tells gateways a member's sessions ended (it travels
	// through PostgreSQL) is no topic a client can follow.
	ended := "sessions-ended:" + ana.ID
	a.send(map[string]string{"type": "subscribe", "topic": ended})
	if m := a.expect("error", ended); m.Code != "topic_unknown" {
		t.Fatalf("subscribing to %s: %+v", ended, m)
	}

	own := "user:" + ana.ID + ":notifications"
	a.subscribe(own)
	r.publish(own, "notification", "oi")
	if m := a.expect("event", own); string(m.Event.Data) != `"oi"` {
		t.Fatalf("own notification = %+v", m)
	}

	// post:{id} follows the post's visibility: a public post, yes; a
	// missing one or someone else's followers-only post, no.
	a.subscribe(realtime.PostTopic(publicPost))
	for _, hidden := range []string{uuid.NewString(), hiddenPost} {
		a.send(map[string]string{"type": "subscribe", "topic": realtime.PostTopic(hidden)})
		if m := a.read(); m.Type != "error" || m.Code != "topic_forbidden" {
			t.Fatalf("post %s: %+v, want topic_forbidden", hidden, m)
		}
	}
	for _, bad := range []string{"feed:private", "user:x:notifications", "post:1", "nope", "feed:public\n"} {
		a.send(map[string]string{"type": "subscribe", "topic": bad})
		if m := a.read(); m.Type != "error" || m.Code != "topic_unknown" {
			t.Fatalf("%q: %+v", bad, m)
		}
	}

	// Unsubscribe stops delivery; the pong proves it was handled.
	a.send(map[string]string{"type": "unsubscribe", "topic": realtime.TopicPublicFeed})
	a.send(map[string]string{"type": "ping"})
	a.expect("pong", "")
	r.publish(realtime.TopicPublicFeed, "post.created", 2)
	r.publish(own, "marker", 2)
	if m := a.read(); m.Topic != own || m.Event.Type != "marker" {
		t.Fatalf("got %+v after unsubscribing", m)
	}
}

func TestPluginTopic(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia := r.member("ana"), r.member("bia")
	a := r.dial(ana)
	a.subscribe("probe:open")
	a.subscribe("probe:" + ana.ID)
	a.send(map[string]string{"type": "subscribe", "topic": "probe:" + bia.ID})
	if m := a.expect("error", "probe:"+bia.ID); m.Code != "topic_forbidden" {
		t.Fatalf("refusal = %+v", m)
	}
	r.publish("probe:"+bia.ID, "x", 1)
	r.publish("probe:open", "y", 2)
	if m := a.expect("event", "probe:open"); m.Event.Type != "y" {
		t.Fatalf("got %+v", m)
	}
}

func TestOversizedFrameClosesOnlyThatSocket(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana := r.member("ana")
	big, ok := r.dial(ana), r.dial(ana)
	ok.subscribe(realtime.TopicPublicFeed)
	if err := big.c.WriteMessage(websocket.TextMessage, []byte(`{"type":"ping","topic":"`+strings.Repeat("a", 5000)+`"}`)); err != nil {
		t.Fatal(err)
	}
	if code := big.closedWith(); code != websocket.CloseMessageTooBig {
		t.Fatalf("close code %d, want 1009", code)
	}
	r.publish(realtime.TopicPublicFeed, "still", 1)
	ok.expect("event", realtime.TopicPublicFeed)
}

func TestFloodIsClosed1008(t *testing.T) {
	t.Parallel()
	// A burst of 5 and a refill too slow to matter: the 6th message is one
	// too many. The client sends exactly that many, so the server has
	// nothing unread when it closes, and the close frame is not lost to a
	// TCP reset.
	const burst = 5
	r := startWith(t, func(c *config.Config) {
		c.Realtime.MessageBurst = burst
		c.Realtime.MessagesPerSecond = 0.001
	})
	ana := r.member("ana")
	flood, ok := r.dial(ana), r.dial(ana)
	for range burst + 1 {
		if err := flood.c.WriteJSON(map[string]string{"type": "ping"}); err != nil {
			break // closed already
		}
	}
	if code := flood.closedWith(); code != websocket.ClosePolicyViolation {
		t.Fatalf("close code %d, want 1008", code)
	}
	ok.send(map[string]string{"type": "ping"})
	ok.expect("pong", "")
}

func TestSlowConsumerIsDisconnected1013(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia := r.member("ana"), r.member("bia")
	slow, fast := r.dial(ana), r.dial(bia)
	slow.subscribe(realtime.TopicPublicFeed)
	fast.subscribe(realtime.TopicPublicFeed)

	const events = 2000
	pad := strings.Repeat("x", 8<<10) // fills the slow client's socket buffers quickly
	got := make(chan int, events)
	readErr := make(chan error, 1)
	go func() {
		for {
			_ = fast.c.SetReadDeadline(time.Now().Add(20 * time.Second))
			var m struct {
				Event struct {
					Data struct{ N int } `json:"data"`
				} `json:"event"`
			}
			if err := fast.c.ReadJSON(&m); err != nil {
				readErr <- err
				return
			}
			got <- m.Event.Data.N
		}
	}()
	next := 0
	waitFast := func(upTo int) {
		for next < upTo {
			select {
			case n := <-got:
				if n != next {
					t.Fatalf("fast client got event %d, want %d", n, next)
				}
				next++
			case err := <-readErr:
				t.Fatalf("fast client: %v", err)
			}
		}
	}
	for i := range events {
		r.publish(realtime.TopicPublicFeed, "tick", map[string]any{"n": i, "pad": pad})
		if i%50 == 49 {
			waitFast(i + 1) // the fast client keeps up; the slow one never reads
		}
	}
	waitFast(events)

	if code := slow.closedWith(); code != websocket.CloseTryAgainLater {
		t.Fatalf("slow client closed with %d, want 1013", code)
	}
}

func TestStopClosesSockets1001(t *testing.T) {
	t.Parallel()
	r := start(t)
	a := r.dial(r.member("ana"))
	a.subscribe(realtime.TopicPublicFeed)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := r.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if code := a.closedWith(); code != websocket.CloseGoingAway {
		t.Fatalf("close code %d, want 1001", code)
	}
}
