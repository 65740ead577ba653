package realtime

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/olahol/melody"

	"social/core/domain"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// A dialect (plugin.Dialect) is another protocol on the gateway's sockets:
// Mastodon's streaming API. Its sockets are this gateway's in every way but
// the frames: the same topics, router, hidden members, notices, limits and
// shutdown. Only the handshake (path, token, subprotocol) and the
// translation of messages and events are the dialect's.

// dialectServer serves one dialect: a Melody of its own, since the
// subprotocol it answers with (Mastodon echoes the token an app offered)
// differs from social.v1's.
type dialectServer struct {
	d plugin.Dialect
	m *melody.Melody
}

// AppTokens reads OAuth apps' access tokens, which a dialect's clients
// hold. The gateway checks such a socket's token again where it checks a
// session.
type AppTokens interface {
	AppViewer(ctx context.Context, token string) (domain.Viewer, bool)
	// AppLive reports whether token still acts for its member (not
	// revoked, not expired, the member not suspended); true when it
	// cannot tell.
	AppLive(ctx context.Context, token string) bool
}

// Speak serves dialects besides social.v1; call it before the gateway
// serves. It returns the mounts of their paths.
func (g *Gateway) Speak(dialects []plugin.Dialect) []httpkit.Mount {
	mounts := make([]httpkit.Mount, 0, len(dialects))
	for _, d := range dialects {
		ds := &dialectServer{d: d, m: g.newMelody()}
		// Apps on the web (Elk, Phanpy) connect from their own origin;
		// nothing here rides on cookies, every socket holds a token.
		ds.m.Upgrader.CheckOrigin = func(*http.Request) bool { return true }
		g.dialects = append(g.dialects, ds)
		mounts = append(mounts, httpkit.Mount{Pattern: http.MethodGet + " " + d.Path, Handler: g.serveDialect(ds)})
	}
	return mounts
}

// serveDialect admits the viewer of the handshake's token, lets the
// dialect open the conversation and upgrades.
func (g *Gateway) serveDialect(ds *dialectServer) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		token, protocol := ds.d.Token(r)
		v := domain.ViewerFrom(ctx)
		if app, ok := httpkit.AppGrant(ctx); ok {
			v, token = app, bearer(r)
		}
		if !v.SignedIn() && token != "" {
			v = g.viewerOfToken(ctx, token)
		}
		if v.AppID == "" {
			token = "" // a session's socket is checked by its session
		}
		sock, ok := ds.d.Open(w, r, v)
		if !ok {
			return
		}
		if !v.SignedIn() {
			writeProblem(w, http.StatusUnauthorized, "unauthenticated", "Você precisa entrar para continuar.")
			return
		}
		if ds.m.IsClosed() {
			writeProblem(w, http.StatusServiceUnavailable, "shutting_down", "Servidor reiniciando. Tente novamente.")
			return
		}
		c := &conn{viewer: v, limit: g.limits.Behind, ctx: domain.WithViewer(context.WithoutCancel(ctx), v),
			heardAtOpen: g.noticesHeard.Load(), dialect: sock, appToken: token,
			inbox: make(chan delivery, g.limits.Behind), done: make(chan struct{})}
		if err := g.loadHidden(c); err != nil {
			g.log.Warn("realtime hidden members", "user", v.UserID.String(), "err", err)
			writeProblem(w, http.StatusServiceUnavailable, codeUnavailable, msgTextUnavailable)
			return
		}
		if protocol != "" {
			w.Header().Set("Sec-WebSocket-Protocol", protocol)
		}
		g.upgrade(ds.m, w, r, c)
	})
}

// viewerOfToken is the viewer of a session's or an app's token.
func (g *Gateway) viewerOfToken(ctx context.Context, token string) domain.Viewer {
	if apps, ok := g.tokens.(AppTokens); ok && strings.Count(token, ".") != 2 {
		v, _ := apps.AppViewer(ctx, token)
		return v
	}
	v, _ := g.tokens.Viewer(ctx, token)
	return v
}

// live reports whether c's session, or its app's token, still holds.
func (g *Gateway) live(ctx context.Context, c *conn) bool {
	if c.appToken != "" {
		if apps, ok := g.tokens.(AppTokens); ok {
			return apps.AppLive(ctx, c.appToken)
		}
	}
	return g.tokens.Live(ctx, c.viewer)
}

func bearer(r *http.Request) string {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// delivery is an event waiting for a dialect socket's renderer.
type delivery struct {
	topic string
	msg   []byte
}

// forward hands msg to c's renderer, or reports false when c is too far
// behind (the caller then disconnects it, as any slow client).
func (c *conn) forward(topic string, msg []byte) bool {
	select {
	case <-c.done:
		return true
	default:
	}
	select {
	case c.inbox <- delivery{topic: topic, msg: msg}:
		return true
	default:
		return false
	}
}

// stopRendering ends c's renderer (a dialect socket's), once.
func (c *conn) stopRendering() {
	if c.done != nil {
		c.stopOnce.Do(func() { close(c.done) })
	}
}

// startDialect runs, once c is registered, the renderer of its events and
// the dialect's start (the topics the handshake named).
func (g *Gateway) startDialect(c *conn) {
	go g.render(c)
	c.dialect.Start(line{g: g, c: c})
}

// render turns c's events into the dialect's frames, one event at a time:
// rendering may read the database (a status as its viewer sees it), so it
// runs here rather than on the bus's goroutine.
func (g *Gateway) render(c *conn) {
	for {
		select {
		case <-c.done:
			return
		case d := <-c.inbox:
			var m struct {
				Event struct {
					Type string          `json:"type"`
					Data json.RawMessage `json:"data"`
				} `json:"event"`
			}
			if err := json.Unmarshal(d.msg, &m); err != nil || m.Event.Type == "" {
				continue
			}
			ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
			frames := c.dialect.Event(ctx, line{g: g, c: c}, d.topic, plugin.DialectEvent{Type: m.Event.Type, Data: m.Event.Data})
			cancel()
			for _, f := range frames {
				if !c.enqueue(f) {
					g.closeSlow(c)
					return
				}
			}
		}
	}
}

// line is plugin.Line for one socket.
type line struct {
	g *Gateway
	c *conn
}

func (l line) Context() context.Context { return l.c.ctx }

func (l line) Send(frame []byte) { l.g.sendRaw(l.c, frame) }

func (g *Gateway) sendRaw(c *conn, frame []byte) {
	if !c.enqueue(frame) {
		g.closeSlow(c)
	}
}

// Follow authorizes and follows topics as a social.v1 subscribe does,
// without its answers: the dialect tells its client in its own words.
func (l line) Follow(topics ...string) (refused []string) {
	g, c := l.g, l.c
	c.hooks.Lock()
	defer c.hooks.Unlock()
	heard := g.noticesHeard.Load()
	var added []string
	for _, topic := range topics {
		if g.hub.follows(c, topic) {
			continue
		}
		if _, ok := g.authorize(c, topic); !ok {
			refused = append(refused, topic)
			continue
		}
		ok, isNew := g.hub.subscribe(c, topic, g.limits.MaxSubscriptions)
		if !ok {
			refused = append(refused, topic)
			continue
		}
		if isNew {
			added = append(added, topic)
		}
	}
	if len(added) > 0 && g.noticesHeard.Load() != heard {
		// An access change heard meanwhile found these not yet followed.
		for _, topic := range added {
			if refusal, ok := g.authorize(c, topic); !ok && refusal.Code != codeUnavailable {
				g.hub.unsubscribe(c, topic)
				refused = append(refused, topic)
			}
		}
	}
	return refused
}

func (l line) Unfollow(topics ...string) { l.g.unsubscribe(l.c, topics) }
