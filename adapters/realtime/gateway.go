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
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/olahol/melody"

	"social/config"
	"social/core/domain"
	"social/core/ports"
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
	TopicsPerSec     float64 // topics named in subscribes; over it: 1008
	TopicBurst       int
	MaxSubscriptions int // topics one socket follows at once
	MaxTopicsPerMsg  int // topics one subscribe or unsubscribe may name (50 post topics fit in 4 KiB)
	SocketsPerMember int // sockets one member may hold on a node; over it: 4429
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
		TopicsPerSec:     50,
		TopicBurst:       400,
		MaxSubscriptions: 400,
		MaxTopicsPerMsg:  50,
		SocketsPerMember: 20,
		AuthorizeTimeout: 5 * time.Second,
		SessionRecheck:   time.Minute,
	}
}

// LimitsFrom is DefaultLimits with the configurable ones from cfg (the
// heartbeat stays at 25 seconds: it is not configurable).
func LimitsFrom(cfg config.Realtime) Limits {
	l := DefaultLimits()
	l.MaxMessageBytes = cfg.MaxMessageBytes
	l.Behind = cfg.SlowClientQueue
	l.MessagesPerSec = cfg.MessagesPerSecond
	l.MessageBurst = cfg.MessageBurst
	l.TopicsPerSec = cfg.TopicsPerSecond
	l.TopicBurst = cfg.TopicBurst
	l.MaxSubscriptions = cfg.MaxSubscriptions
	l.SocketsPerMember = cfg.MaxSocketsPerMember
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
	// members, when set, says whom each viewer must not hear from.
	members ports.HiddenMembers

	// delivered, when set, hears how long events took from their
	// publication to being written to the timed sockets (ObserveDeliveries).
	delivered atomic.Pointer[func(time.Duration)]
	accepted  atomic.Uint64 // sockets accepted so far: every deliverySample-th is timed

	// noticesHeard counts the access notices heard and the full rechecks.
	// A check made before a socket or a subscription is registered cannot
	// be reached by a notice heard meanwhile: whoever sees this count move
	// across such a check makes it again once registered.
	noticesHeard atomic.Uint64

	// dialects are the other protocols served on these sockets.
	dialects []*dialectServer
}

// deliverySample: one socket in this many has its deliveries timed. Every
// delivery costs the same, so a fixed share of sockets gives the same
// percentiles as all of them, at an eighth of the cost (timing each one
// was some 5% of the server's work in a fan-out to 5,000 sockets).
const deliverySample = 8

// AccessNotices is the stream of access changes of every node
// (postgres.AccessListener): notice for each change, missed after notices
// may have been lost.
type AccessNotices interface {
	Listen(notice func(ports.AccessNotice), missed func()) (stop func())
}

// NewGateway delivers what bus carries to the sockets subscribed to it,
// and checks subscriptions again when notices says access changed (nil:
// never). publicURL's origin is the only Origin accepted.
func NewGateway(bus Bus, notices AccessNotices, router *Router, tokens TokenViewer, publicURL string, limits Limits, logger *slog.Logger) (*Gateway, error) {
	u, err := url.Parse(publicURL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, errors.New("realtime: http.public_url has no origin")
	}
	g := &Gateway{
		hub: newHub(), router: router, tokens: tokens, limits: limits,
		origin: strings.ToLower(u.Scheme + "://" + u.Host), log: logger.With("component", "realtime"),
	}
	g.m = g.newMelody()
	g.m.Upgrader.CheckOrigin = g.originAllowed
	g.m.Upgrader.Subprotocols = []string{Protocol}
	stopBus := bus.Subscribe(g.deliver)
	stopNotices := func() {}
	if notices != nil {
		stopNotices = notices.Listen(g.accessChanged, g.noticesMissed)
	}
	g.stopBus = func() { stopBus(); stopNotices() }
	return g, nil
}

// newMelody is a Melody with the socket limits and this gateway's handlers:
// one serves social.v1, one each dialect (whose handshakes differ).
func (g *Gateway) newMelody() *melody.Melody {
	m := melody.New()
	limits := g.limits
	m.Config.MaxMessageSize = limits.MaxMessageBytes
	// Headroom over Behind so the replies and the 1013 close always fit:
	// Melody would drop a message silently on a full buffer.
	m.Config.MessageBufferSize = limits.Behind + 16
	m.Config.PingPeriod = limits.PingPeriod
	m.Config.PongWait = limits.PongWait
	m.Config.WriteWait = limits.WriteWait
	// Reads reuse the HTTP server's own 4 KiB read buffer, which stays with
	// the connection while the socket lives (Melody reads on the handler's
	// goroutine). Writes borrow a buffer from a pool only while a message
	// goes out: most sockets are idle most of the time, and a buffer held
	// by each would cost 4 KiB per socket.
	m.Upgrader.ReadBufferSize, m.Upgrader.WriteBufferSize = 0, 0
	m.Upgrader.WriteBufferPool = &sync.Pool{}
	m.HandleConnect(g.connected)
	m.HandleDisconnect(func(s *melody.Session) {
		if c := connOf(s); c != nil {
			g.ended(c, g.hub.remove(c))
			c.stopRendering()
		}
	})
	m.HandleMessage(g.message)
	m.HandlePong(g.pong)
	m.HandleMessageBinary(func(s *melody.Session, _ []byte) {
		if c := connOf(s); c != nil && c.dialect == nil {
			g.reply(c, serverMessage{Type: msgError, Code: codeInvalidMessage, Message: msgTextInvalid})
		}
	})
	m.HandleSentMessage(func(s *melody.Session, msg []byte) {
		c := connOf(s)
		if c == nil {
			return
		}
		c.sent()
		if !c.timed {
			return
		}
		if observe := g.delivered.Load(); observe != nil {
			if at, ok := publishedAt(msg); ok {
				(*observe)(time.Since(at))
			}
		}
	})
	m.HandleError(func(s *melody.Session, err error) {
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
	return m
}

// ObserveDeliveries has observe hear, for every event written to one
// socket in deliverySample of this node (the first among them), the time
// from its publication (right after the write it reports committed) until
// the frame was written: how late live updates are, whatever the bus and
// however many sockets.
func (g *Gateway) ObserveDeliveries(observe func(time.Duration)) { g.delivered.Store(&observe) }

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
	if r.URL.Query().Has("access_token") {
		// A URL ends up in access logs, proxies and browser history.
		writeProblem(w, http.StatusBadRequest, "token_in_url", "O token de acesso não pode ir no endereço: envie-o no cabeçalho Sec-WebSocket-Protocol.")
		return
	}
	v := domain.ViewerFrom(r.Context())
	if !v.SignedIn() {
		if token, ok := tokenOfProtocols(r); ok && g.tokens != nil {
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
	c := &conn{viewer: v, limit: g.limits.Behind, timed: g.accepted.Add(1)%deliverySample == 1,
		ctx: domain.WithViewer(context.WithoutCancel(r.Context()), v), heardAtOpen: g.noticesHeard.Load()}
	// Known before the first delivery: a socket never receives, even once,
	// an event of a member hidden from its viewer.
	if err := g.loadHidden(c); err != nil {
		g.log.Warn("realtime hidden members", "user", v.UserID.String(), "err", err)
		writeProblem(w, http.StatusServiceUnavailable, codeUnavailable, msgTextUnavailable)
		return
	}
	g.upgrade(g.m, w, r, c)
}

// upgrade hands r to m, which serves c's socket.
func (g *Gateway) upgrade(m *melody.Melody, w http.ResponseWriter, r *http.Request, c *conn) {
	// Melody reads the socket on the goroutine that calls it, for the
	// socket's whole life. Calling it from the server's own goroutine would
	// keep that goroutine's stack, grown deep by the middleware, and the
	// connection's HTTP state alive per socket; a fresh goroutine holds only
	// what reading needs. This one returns once the connection is taken
	// over (or the upgrade failed): the server never touches a hijacked
	// connection again.
	h := hijacker{ResponseWriter: w, taken: make(chan struct{})}
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		if err := m.HandleRequestWithKeys(h, r, map[string]any{connKeyName: c}); err != nil {
			g.log.Debug("realtime upgrade", "err", err)
		}
	}()
	select {
	case <-h.taken:
	case <-ended:
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
	switch g.hub.add(c, g.limits.SocketsPerMember) {
	case added:
		g.settle(c)
		if c.dialect != nil {
			g.startDialect(c)
		}
	case addClosed:
		g.closeConn(c, melody.CloseGoingAway, "servidor reiniciando")
	case addMemberFull:
		// Refused after the upgrade, so that a browser sees why: a refused
		// handshake would show it only as a failure.
		g.closeConn(c, closeTooManySockets, reasonTooManySockets)
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
	if c.dialect != nil {
		c.dialect.Message(line{g: g, c: c}, raw)
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
	case msgSubscribe, msgUnsubscribe:
		topics, ok := m.topicList(g.limits.MaxTopicsPerMsg)
		if !ok {
			g.reply(c, serverMessage{Type: msgError, Code: codeInvalidMessage, Message: msgTextInvalid})
			return
		}
		if m.Type == msgUnsubscribe {
			g.unsubscribe(c, topics)
			return
		}
		if !c.allowTopics(time.Now(), len(topics), g.limits.TopicsPerSec, g.limits.TopicBurst) {
			g.closeConn(c, melody.ClosePolicyViolation, "canais demais")
			return
		}
		g.subscribe(c, topics, m.Topics != nil)
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
func (g *Gateway) recheck(c *conn) { go g.checkSession(c) }

// settle makes again, once c is registered, the checks made before its
// upgrade. A sign-out whose notice came between the session check (in the
// middleware, before this gateway is reached) and the registration found no
// socket to close; a block heard while the hidden members were being read
// found none to update. Now that notices reach c, a change made before
// these reads is seen by them, and one made after notifies c.
//
// The session is read every time, since its check happened before any
// count could be taken, and in the background. The hidden members are read
// again only when a notice was heard meanwhile, and before the socket's
// first message is read, so that no subscription starts with the former
// set.
func (g *Gateway) settle(c *conn) {
	if g.noticesHeard.Load() != c.heardAtOpen {
		g.reloadHidden(c)
	}
	g.recheck(c)
}

// checkSession closes c with 1008 if its session has ended.
func (g *Gateway) checkSession(c *conn) {
	ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
	defer cancel()
	if !g.live(ctx, c) {
		g.closeConn(c, melody.ClosePolicyViolation, "sessão encerrada")
	}
}

// subscribe authorizes topics and follows those allowed. The answer takes
// the request's form: one "subscribed" naming every topic followed when
// the client named a list (batch), else one naming the topic; each refusal
// is an "error" of its own.
func (g *Gateway) subscribe(c *conn, topics []string, batch bool) {
	// Held from the authorization to the hooks: a recheck of this socket's
	// topics (an access change) waits for this subscribe, so it never
	// checks before a topic it should have checked is in.
	c.hooks.Lock()
	defer c.hooks.Unlock()
	heard := g.noticesHeard.Load()
	var accepted, added []string
	for _, topic := range topics {
		if g.hub.follows(c, topic) {
			accepted = append(accepted, topic)
			continue
		}
		if refusal, ok := g.authorize(c, topic); !ok {
			g.reply(c, refusal)
			continue
		}
		ok, isNew := g.hub.subscribe(c, topic, g.limits.MaxSubscriptions)
		if !ok {
			g.reply(c, serverMessage{Type: msgError, Topic: topic, Code: codeTooMany, Message: msgTextTooMany})
			continue
		}
		accepted = append(accepted, topic)
		if isNew {
			added = append(added, topic)
		}
	}
	if len(added) > 0 && g.noticesHeard.Load() != heard {
		// An access change heard while these topics were being authorized
		// found them not yet followed, and so did not recheck them.
		refused := g.refusedAgain(c, added)
		accepted = slices.DeleteFunc(accepted, func(t string) bool { return slices.Contains(refused, t) })
		added = slices.DeleteFunc(added, func(t string) bool { return slices.Contains(refused, t) })
	}
	switch {
	case batch && len(accepted) > 0:
		g.reply(c, serverMessage{Type: msgSubscribed, Topics: accepted})
	case !batch && len(accepted) == 1:
		g.reply(c, serverMessage{Type: msgSubscribed, Topic: accepted[0]})
	}
	// The hooks run once the client knows it is subscribed, so what they
	// publish (a room's participant_joined) comes after the answer.
	for _, topic := range added {
		if t, ok := g.router.plugin(topic); ok && t.OnSubscribe != nil {
			ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
			t.OnSubscribe(ctx, topic)
			cancel()
		}
	}
}

// refusedAgain authorizes c's new topics once more and ends, with the
// refusal's error, those now refused.
func (g *Gateway) refusedAgain(c *conn, topics []string) (refused []string) {
	for _, topic := range topics {
		refusal, ok := g.authorize(c, topic)
		if ok || refusal.Code == codeUnavailable {
			continue // a check that cannot be made keeps the topic, as reauthorize does
		}
		g.hub.unsubscribe(c, topic)
		g.reply(c, refusal)
		refused = append(refused, topic)
	}
	return refused
}

// authorize asks the router whether c's viewer may follow topic; when not,
// it returns the error message for the client.
func (g *Gateway) authorize(c *conn, topic string) (refusal serverMessage, ok bool) {
	ctx, cancel := context.WithTimeout(c.ctx, g.limits.AuthorizeTimeout)
	err := g.router.Authorize(ctx, topic)
	cancel()
	switch {
	case err == nil:
		return serverMessage{}, true
	case errors.Is(err, errUnknownTopic):
		return serverMessage{Type: msgError, Topic: topic, Code: codeUnknownTopic, Message: msgTextUnknown}, false
	case errors.Is(err, context.DeadlineExceeded):
		g.log.Warn("realtime authorize timed out", "topic", topic)
		return serverMessage{Type: msgError, Topic: topic, Code: codeUnavailable, Message: msgTextUnavailable}, false
	default:
		return serverMessage{Type: msgError, Topic: topic, Code: codeForbidden, Message: msgTextForbidden}, false
	}
}

// unsubscribe is silent: the client knows what it asked for.
func (g *Gateway) unsubscribe(c *conn, topics []string) {
	var ended []string
	for _, topic := range topics {
		if g.hub.unsubscribe(c, topic) {
			ended = append(ended, topic)
		}
	}
	g.ended(c, ended)
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
	about, msg := splitAbout(msg)
	for _, c := range g.hub.deliver(topic, msg, about) {
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
	for _, d := range g.dialects {
		_ = d.m.Close()
	}
	return g.m.Close()
}

// hijacker lets gorilla/websocket (which type-asserts http.Hijacker)
// reach the connection through the middleware's response wrappers, and
// closes taken once the connection is no longer the HTTP server's.
type hijacker struct {
	http.ResponseWriter
	taken chan struct{}
}

func (h hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, rw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err == nil {
		close(h.taken)
	}
	return conn, rw, err
}

func writeProblem(w http.ResponseWriter, status int, code, detail string) {
	w.Header().Set("Content-Type", "application/problem+json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"title": http.StatusText(status), "status": status, "detail": detail, "code": code,
	})
}
