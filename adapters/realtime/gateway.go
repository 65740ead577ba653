package realtime

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/olahol/melody"

	"social/core/domain"
	"social/internal/config"
)

// Limits of a socket (see the package documentation).
type Limits struct {
	MaxMessageBytes  int64         // inbound frame cap; over it: 1009
	Behind           int           // outbound messages queued before the client counts as slow: 1013
	PingPeriod       time.Duration // heartbeat
	PongWait         time.Duration // silence after which the client is dropped
	WriteWait        time.Duration // one write to the socket
	MessagesPerSec   float64       // inbound rate; over it: 1008
	MessageBurst     int
	MaxSubscriptions int
	AuthorizeTimeout time.Duration
	SessionRecheck   time.Duration // how often (at most, on pongs) the viewer's session is checked
}

// DefaultLimits are the production limits.
func DefaultLimits() Limits {
	return Limits{
		MaxMessageBytes:  4 << 10,
		Behind:           256,
		PingPeriod:       25 * time.Second,
		PongWait:         35 * time.Second,
		WriteWait:        10 * time.Second,
		MessagesPerSec:   10,
		MessageBurst:     30,
		MaxSubscriptions: 100,
		AuthorizeTimeout: 5 * time.Second,
		SessionRecheck:   time.Minute,
	}
}

// LimitsFrom is DefaultLimits with the configurable ones from cfg (the
// heartbeat stays the spec's 25 seconds).
func LimitsFrom(cfg config.Realtime) Limits {
	l := DefaultLimits()
	l.MaxMessageBytes = cfg.MaxMessageBytes
	l.Behind = cfg.SlowClientQueue
	l.MessagesPerSec = cfg.MessagesPerSecond
	l.MessageBurst = cfg.MessageBurst
	l.MaxSubscriptions = cfg.MaxSubscriptions
	return l
}

// TokenViewer resolves an access token to its viewer, as the auth
// middleware does for a bearer header.
type TokenViewer interface {
	Viewer(ctx context.Context, token string) (domain.Viewer, bool)
	// Live reports whether v's session is still open (signing out ends
	// it); true when it cannot tell, so a database blip drops nobody.
	Live(ctx context.Context, v domain.Viewer) bool
}

// Gateway is the WebSocket endpoint.
type Gateway struct {
	m       *melody.Melody
	hub     *hub
	router  *Router
	tokens  TokenViewer
	origin  string // scheme://host[:port] of http.public_url
	limits  Limits
	log     *slog.Logger
	stopBus func()
}

// NewGateway delivers what bus carries to the sockets subscribed to it.
// publicURL's origin is the only Origin accepted.
func NewGateway(bus Bus, router *Router, tokens TokenViewer, publicURL string, limits Limits, logger *slog.Logger) (*Gateway, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, errors.New("realtime: http.public_url has no origin")
	}
	g := &Gateway{
		m: melody.New(), hub: newHub(), router: router, tokens: tokens, limits: limits,
		origin: strings.ToLower(u.Scheme + "://" + u.Host), log: logger.With("component", "realtime"),
	}
	g.m.Config.MaxMessageSize = limits.MaxMessageBytes
	// Headroom over Behind so the replies and the 1013 close always fit:
	// Melody would drop a message silently on a full buffer.
	g.m.Config.MessageBufferSize = limits.Behind + 16
	g.m.Config.PingPeriod = limits.PingPeriod
	g.m.Config.PongWait = limits.PongWait
	g.m.Config.WriteWait = limits.WriteWait
	g.m.Upgrader.CheckOrigin = g.originAllowed
	g.m.HandleConnect(g.connected)
	g.m.HandleDisconnect(func(s *melody.Session) {
		if c := connOf(s); c != nil {
			g.ended(c, g.hub.remove(c))
		}
	})
	g.m.HandleMessage(g.message)
	g.m.HandlePong(g.pong)
	g.m.HandleMessageBinary(func(s *melody.Session, _ []byte) {
		if c := connOf(s); c != nil {
			g.reply(c, serverMessage{Type: msgError, Code: codeInvalidMessage, Message: msgTextInvalid})
		}
	})
	g.m.HandleSentMessage(func(s *melody.Session, _ []byte) {
		if c := connOf(s); c != nil {
			c.sent()
		}
	})
	g.m.HandleError(func(s *melody.Session, err error) {
		if errors.Is(err, melody.ErrMessageBufferFull) {
			// Cannot happen with the headroom above; if it does, at least
			// stop feeding the socket: the write deadline ends it.
			g.log.Error("realtime buffer overflow", "remote", s.RemoteAddr())
			// Not inline: Melody reports it from inside conn.enqueue,
			// which holds the conn's lock (the hub's comes first).
			if c := connOf(s); c != nil {
				go func() { g.ended(c, g.hub.drop(c)) }()
			}
			return
		}
		g.log.Debug("realtime socket error", "err", err)
	})
	g.stopBus = bus.Subscribe(g.deliver)
	return g, nil
}

// Sockets is the number of sockets open on this node.
func (g *Gateway) Sockets() int { return g.hub.count() }

func connOf(s *melody.Session) *conn {
	v, _ := s.Get(connKeyName)
	c, _ := v.(*conn)
	return c
}

const connKeyName = "realtime.conn"

// ServeHTTP checks Origin and the viewer, then upgrades.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !g.originAllowed(r) {
		writeProblem(w, http.StatusForbidden, "origin_not_allowed", "Origem não permitida.")
		return
	}
	v := domain.ViewerFrom(r.Context())
	if !v.SignedIn() {
		if token := r.URL.Query().Get("access_token"); token != "" && g.tokens != nil {
			v, _ = g.tokens.Viewer(r.Context(), token)
		}
	}
	if !v.SignedIn() {
		writeProblem(w, http.StatusUnauthorized, "unauthenticated", "Você precisa entrar para continuar.")
		return
	}
	if g.m.IsClosed() {
		writeProblem(w, http.StatusServiceUnavailable, "shutting_down", "Servidor reiniciando. Tente novamente.")
		return
	}
	c := &conn{viewer: v, limit: g.limits.Behind,
		ctx: domain.WithViewer(context.WithoutCancel(r.Context()), v)}
	if err := g.m.HandleRequestWithKeys(hijacker{w}, r, map[string]any{connKeyName: c}); err != nil {
		g.log.Debug("realtime upgrade", "err", err)
	}
}

// originAllowed accepts the public origin, or no Origin at all (not a
// browser: see the package documentation).
func (g *Gateway) originAllowed(r *http.Request) bool {
	o := r.Header.Values("Origin")
	if len(o) == 0 {
		return true
	}
	return len(o) == 1 && strings.ToLower(o[0]) == g.origin
}

func (g *Gateway) connected(s *melody.Session) {
	c := connOf(s)
	if c == nil {
		_ = s.Close()
		return
	}
	c.s = s
	if !g.hub.add(c) {
		g.closeConn(c, melody.CloseGoingAway, "servidor reiniciando")
	}
}

func (g *Gateway) message(s *melody.Session, raw []byte) {
	c := connOf(s)
	if c == nil {
		return
	}
	if !c.allow(time.Now(), g.limits.MessagesPerSec, g.limits.MessageBurst) {
		g.closeConn(c, melody.ClosePolicyViolation, "mensagens demais")
		return
	}
	var m clientMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		g.reply(c, serverMessage{Type: msgError, Code: codeInvalidMessage, Message: msgTextInvalid})
		return
	}
	switch m.Type {
	case msgPing:
		g.reply(c, serverMessage{Type: msgPong})
	case msgSubscribe:
		g.subscribe(c, m.Topic)
	case msgUnsubscribe:
		if g.hub.unsubscribe(c, m.Topic) {
			g.ended(c, []string{m.Topic})
		}
	default:
		g.reply(c, serverMessage{Type: msgError, Topic: m.Topic, Code: codeInvalidMessage, Message: msgTextInvalid})
	}
}

// pong rechecks the viewer's session now and then: a socket must not
// outlive a sign-out.
func (g *Gateway) pong(s *melody.Session) {
	c := connOf(s)
	if c == nil || !c.checkDue(time.Now(), g.limits.SessionRecheck) {
		return
	}
	g.recheck(c)
}

// recheck closes c with 1008 if its session has ended, without holding up
// the caller (a pong, or the bus delivering a session end).
func (g *Gateway) recheck(c *conn) {
	go func() {
		ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
		defer cancel()
		if !g.tokens.Live(ctx, c.viewer) {
			g.closeConn(c, melody.ClosePolicyViolation, "sessão encerrada")
		}
	}()
}

func (g *Gateway) subscribe(c *conn, topic string) {
	ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
	err := g.router.Authorize(ctx, topic)
	cancel()
	switch {
	case err == nil:
	case errors.Is(err, errUnknownTopic):
		g.reply(c, serverMessage{Type: msgError, Topic: topic, Code: codeUnknownTopic, Message: msgTextUnknown})
		return
	case errors.Is(err, context.DeadlineExceeded):
		g.log.Warn("realtime authorize timed out", "topic", topic)
		g.reply(c, serverMessage{Type: msgError, Topic: topic, Code: codeUnavailable, Message: msgTextUnavailable})
		return
	default:
		g.reply(c, serverMessage{Type: msgError, Topic: topic, Code: codeForbidden, Message: msgTextForbidden})
		return
	}
	c.hooks.Lock()
	defer c.hooks.Unlock()
	ok, added := g.hub.subscribe(c, topic, g.limits.MaxSubscriptions)
	if !ok {
		g.reply(c, serverMessage{Type: msgError, Topic: topic, Code: codeTooMany, Message: msgTextTooMany})
		return
	}
	g.reply(c, serverMessage{Type: msgSubscribed, Topic: topic})
	if added {
		if t, ok := g.router.plugin(topic); ok && t.OnSubscribe != nil {
			ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
			t.OnSubscribe(ctx, topic)
			cancel()
		}
	}
}

// ended tells the plugins owning topics that c no longer follows them,
// after any subscribe hook of c still running.
func (g *Gateway) ended(c *conn, topics []string) {
	if len(topics) == 0 {
		return
	}
	c.hooks.Lock()
	defer c.hooks.Unlock()
	g.endHooks(c, topics)
}

// endHooks calls the OnUnsubscribe hooks; the caller holds c.hooks.
func (g *Gateway) endHooks(c *conn, topics []string) {
	for _, topic := range topics {
		if t, ok := g.router.plugin(topic); ok && t.OnUnsubscribe != nil {
			t.OnUnsubscribe(c.ctx, topic)
		}
	}
}

func (g *Gateway) reply(c *conn, m serverMessage) {
	if !c.enqueue(encode(m)) {
		g.closeSlow(c)
	}
}

// deliver is the bus's callback for this node.
func (g *Gateway) deliver(topic string, msg []byte) {
	if raw, ok := strings.CutPrefix(topic, sessionsEndedPrefix); ok {
		if user, err := domain.ParseUserID(raw); err == nil {
			for _, c := range g.hub.ofUser(user) {
				g.recheck(c)
			}
		}
		return
	}
	for _, c := range g.hub.deliver(topic, msg) {
		g.closeSlow(c)
	}
}

func (g *Gateway) closeSlow(c *conn) {
	g.log.Info("realtime client too slow: disconnected", "user", c.viewer.UserID.String())
	g.closeConn(c, melody.CloseTryAgainLater, "cliente lento: sincronize e reconecte")
}

// closeConn stops deliveries to c and sends it a close frame with code.
func (g *Gateway) closeConn(c *conn, code int, text string) {
	if !c.startClosing() {
		return
	}
	// Deliveries stop now. The end hooks run here unless a subscribe hook
	// of this socket still runs: they then wait for it in the background,
	// without holding up the caller (the bus, a ping check).
	topics := g.hub.drop(c)
	if c.hooks.TryLock() {
		g.endHooks(c, topics)
		c.hooks.Unlock()
	} else {
		go g.ended(c, topics)
	}
	_ = c.s.CloseWithMsg(melody.FormatCloseMessage(code, text))
}

// Shutdown closes every socket with 1001 and waits (within ctx) until
// they are gone. It runs before the HTTP server stops.
func (g *Gateway) Shutdown(ctx context.Context) error {
	g.stopBus()
	for _, c := range g.hub.close() {
		if c.s != nil {
			g.closeConn(c, melody.CloseGoingAway, "servidor reiniciando")
		}
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	select {
	case <-g.hub.empty:
	case <-ctx.Done():
		g.log.Warn("realtime sockets still open at shutdown")
	}
	return g.m.Close()
}

// hijacker lets gorilla/websocket (which type-asserts http.Hijacker)
// reach the connection through the middleware's response wrappers.
type hijacker struct{ http.ResponseWriter }

func (h hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	return http.NewResponseController(h.ResponseWriter).Hijack()
}

func writeProblem(w http.ResponseWriter, status int, code, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"title": http.StatusText(status), "status": status, "detail": detail, "code": code,
	})
}
