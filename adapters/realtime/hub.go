package realtime

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/olahol/melody"

	"social/core/domain"
	"social/kit/plugin"
)

// conn is one socket's state. Lock order: hub.mu, then conn.mu.
type conn struct {
	s      *melody.Session
	ctx    context.Context // carries the viewer, outlives the upgrade request
	viewer domain.Viewer
	limit  int // messages queued and not yet written before the client is "slow"
	// timed: this socket's deliveries are timed (Gateway.ObserveDeliveries
	// hears one socket in deliverySample, enough for the percentiles).
	timed bool
	// heardAtOpen is Gateway.noticesHeard when the upgrade began.
	heardAtOpen uint64

	// pending is the messages queued and not yet written: raised under
	// mu (with the limit checked), lowered by the writer without it.
	pending atomic.Int32

	mu          sync.Mutex
	closing     bool
	messages    bucket
	topicsAsked bucket
	checked     time.Time // last session check

	topics map[string]struct{} // guarded by hub.mu

	// hidden is the members whose events this socket must not receive
	// (blocks either way, the viewer's mutes): read on every delivery,
	// replaced whole when the viewer's blocks or mutes change.
	hidden atomic.Pointer[hiddenSet]

	// hooks runs one plugin hook of this socket at a time, so the end of a
	// subscription (a close from another goroutine) never overtakes its
	// start: a room would otherwise count a member whose socket is gone.
	hooks sync.Mutex

	// dialect, when set, speaks another protocol than social.v1 on this
	// socket (dialect.go).
	dialect plugin.DialectSocket
	// appToken is the app's access token the socket was opened with, kept
	// to check it again (an app's token has no session).
	appToken string
	inbox    chan delivery
	done     chan struct{}
	stopOnce sync.Once
}

// enqueue queues msg, or reports false when the client is too far behind:
// the caller then disconnects it (1013) rather than drop anything.
func (c *conn) enqueue(msg []byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return true
	}
	if int(c.pending.Load()) >= c.limit {
		return false
	}
	c.pending.Add(1)
	_ = c.s.Write(msg)
	return true
}

func (c *conn) sent() { c.pending.Add(-1) }

// startClosing reports whether this call is the one that closes c.
func (c *conn) startClosing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closing {
		return false
	}
	c.closing = true
	return true
}

// checkDue reports whether the session is due for a check, and if so
// counts it as checked.
func (c *conn) checkDue(now time.Time, every time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.checked.IsZero() {
		c.checked = now // just authenticated
		return every <= 0
	}
	if now.Sub(c.checked) < every {
		return false
	}
	c.checked = now
	return true
}

// allow is a token bucket on inbound messages.
func (c *conn) allow(now time.Time, perSecond float64, burst int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.messages.take(now, 1, perSecond, burst)
}

// allowTopics is a token bucket on the topics named in subscribes: a batch
// costs one message but as many topics as it names.
func (c *conn) allowTopics(now time.Time, n int, perSecond float64, burst int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.topicsAsked.take(now, n, perSecond, burst)
}

// bucket is a token bucket, full at its first use.
type bucket struct {
	tokens float64
	last   time.Time
}

func (b *bucket) take(now time.Time, n int, perSecond float64, burst int) bool {
	if b.last.IsZero() {
		b.tokens = float64(burst)
	} else {
		b.tokens = min(float64(burst), b.tokens+now.Sub(b.last).Seconds()*perSecond)
	}
	b.last = now
	if b.tokens < float64(n) {
		return false
	}
	b.tokens -= float64(n)
	return true
}

// hub indexes this node's sockets by topic, so an event touches only its
// subscribers.
type hub struct {
	mu      sync.RWMutex
	conns   map[*conn]struct{}
	byTopic map[string]map[*conn]struct{}
	byUser  map[domain.UserID]map[*conn]struct{}
	closed  bool
	empty   chan struct{} // closed when closed and no socket is left
}

func newHub() *hub {
	return &hub{conns: map[*conn]struct{}{}, byTopic: map[string]map[*conn]struct{}{},
		byUser: map[domain.UserID]map[*conn]struct{}{}, empty: make(chan struct{})}
}

type addResult int

const (
	added addResult = iota
	addClosed
	addMemberFull
)

// add takes c in, unless the hub is closed or c's member already holds
// perMember sockets here.
func (h *hub) add(c *conn, perMember int) addResult {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return addClosed
	}
	mine := h.byUser[c.viewer.UserID]
	if len(mine) >= perMember {
		return addMemberFull
	}
	if mine == nil {
		mine = map[*conn]struct{}{}
		h.byUser[c.viewer.UserID] = mine
	}
	mine[c] = struct{}{}
	h.conns[c] = struct{}{}
	return added
}

// remove forgets c and its subscriptions, and returns the topics it still
// followed.
func (h *hub) remove(c *conn) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	topics := h.unindex(c)
	if _, ok := h.conns[c]; ok {
		delete(h.conns, c)
		mine := h.byUser[c.viewer.UserID]
		delete(mine, c)
		if len(mine) == 0 {
			delete(h.byUser, c.viewer.UserID)
		}
		if h.closed && len(h.conns) == 0 {
			close(h.empty)
		}
	}
	return topics
}

// drop stops deliveries to c while it closes, and returns the topics it
// followed (each topic is returned once: by drop or by remove).
func (h *hub) drop(c *conn) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.unindex(c)
}

func (h *hub) unindex(c *conn) []string {
	var topics []string
	for t := range c.topics {
		topics = append(topics, t)
		h.leave(c, t)
	}
	c.topics = nil
	return topics
}

func (h *hub) leave(c *conn, topic string) {
	subs := h.byTopic[topic]
	delete(subs, c)
	if len(subs) == 0 {
		delete(h.byTopic, topic)
	}
	delete(c.topics, topic)
}

// subscribe reports ok false when c already follows max topics, and added
// true when topic is new to c.
func (h *hub) subscribe(c *conn, topic string, max int) (ok, added bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.conns[c]; !ok {
		return true, false // closing: nothing will be delivered anyway
	}
	if _, ok := c.topics[topic]; ok {
		return true, false
	}
	if len(c.topics) >= max {
		return false, false
	}
	if c.topics == nil {
		c.topics = map[string]struct{}{}
	}
	c.topics[topic] = struct{}{}
	subs := h.byTopic[topic]
	if subs == nil {
		subs = map[*conn]struct{}{}
		h.byTopic[topic] = subs
	}
	subs[c] = struct{}{}
	return true, true
}

// unsubscribe reports whether c followed topic.
func (h *hub) unsubscribe(c *conn, topic string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := c.topics[topic]; ok {
		h.leave(c, topic)
		return true
	}
	return false
}

// deliver queues msg for topic's subscribers, but those hidden from a
// member of about, and returns those too far behind to take it.
func (h *hub) deliver(topic string, msg []byte, about []domain.UserID) (slow []*conn) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for c := range h.byTopic[topic] {
		if len(about) > 0 && c.hides(about) {
			continue
		}
		if c.dialect != nil {
			if !c.forward(topic, msg) {
				slow = append(slow, c)
			}
			continue
		}
		if !c.enqueue(msg) {
			slow = append(slow, c)
		}
	}
	return slow
}

// ofUser is the sockets of user on this node.
func (h *hub) ofUser(user domain.UserID) []*conn {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return listOf(h.byUser[user])
}

// subscribersOf is the sockets following topic on this node.
func (h *hub) subscribersOf(topic string) []*conn {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return listOf(h.byTopic[topic])
}

// all is every socket on this node.
func (h *hub) all() []*conn {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return listOf(h.conns)
}

// listOf copies the sockets of set, so that they can be used once the hub
// is unlocked.
func listOf(set map[*conn]struct{}) []*conn {
	out := make([]*conn, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	return out
}

// follows reports whether c follows topic.
func (h *hub) follows(c *conn, topic string) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	_, ok := c.topics[topic]
	return ok
}

// topicsOf is what c follows.
func (h *hub) topicsOf(c *conn) []string {
	h.mu.RLock()
	defer h.mu.RUnlock()
	out := make([]string, 0, len(c.topics))
	for t := range c.topics {
		out = append(out, t)
	}
	return out
}

// close refuses new sockets and returns the open ones.
func (h *hub) close() []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil
	}
	h.closed = true
	if len(h.conns) == 0 {
		close(h.empty)
	}
	return listOf(h.conns)
}

// count is the number of sockets held.
func (h *hub) count() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.conns)
}
