package realtime

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/core/domain"
	"social/core/ports"
	"social/kit/plugin"
)

// The tests below change access while a socket or a subscription is being
// checked, before it is registered: the notice of that change finds nothing
// to act on, and the gateway must make the check again once registered.

// endsDuringHandshake accepts any token, and ends its session as soon as
// the socket's viewer has been checked: a sign-out committed, and its
// notice heard, while the upgrade is under way.
type endsDuringHandshake struct{ ended *atomic.Bool }

func (e endsDuringHandshake) Viewer(ctx context.Context, token string) (domain.Viewer, bool) {
	defer e.ended.Store(true)
	return anyToken{e.ended}.Viewer(ctx, token)
}

func (e endsDuringHandshake) Live(context.Context, domain.Viewer) bool { return !e.ended.Load() }

// A session that ends while its socket is being opened closes the socket at
// once, not at the periodic recheck a minute later.
func TestSessionEndedDuringHandshakeIsClosed(t *testing.T) {
	t.Parallel()
	_, dial := newTestGateway(t, DefaultLimits(), endsDuringHandshake{&atomic.Bool{}})
	c := dial()
	if code := closeCode(t, c); code != websocket.ClosePolicyViolation {
		t.Fatalf("close code %d, want 1008", code)
	}
}

// blockedDuringHandshake hides stranger from every viewer once it has
// answered the first read of a viewer's hidden members, and tells the
// gateway, as a block made while the socket opens would.
type blockedDuringHandshake struct {
	gateway  func() *Gateway
	stranger domain.UserID
	mu       sync.Mutex
	blocked  bool
}

func (b *blockedDuringHandshake) HiddenFrom(_ context.Context, viewer domain.UserID) ([]domain.HiddenMember, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.blocked {
		return []domain.HiddenMember{{ID: b.stranger, Blocked: true}}, nil
	}
	b.blocked = true
	b.gateway().accessChanged(ports.AccessNotice{Kind: ports.NoticeMemberAccess, Member: viewer})
	return nil, nil
}

// A block made while a socket opens hides the blocked member's events from
// that socket, like a block made once it is open.
func TestBlockDuringHandshakeHidesTheMember(t *testing.T) {
	t.Parallel()
	bus := NewMemoryBus()
	var g *Gateway
	hidden := &blockedDuringHandshake{gateway: func() *Gateway { return g }, stranger: domain.NewUserID()}
	g, dial := newTestGatewayOn(t, bus, nil, anyToken{&atomic.Bool{}})
	g.HideWith(hidden)
	c := dial()
	expectSubscribed(t, c, TopicPublicFeed)

	// The stranger's event is published first: were it delivered, it would
	// arrive before the marker.
	publish := NewBroadcaster(bus)
	ctx := context.Background()
	if err := publish.Publish(ctx, TopicPublicFeed, ports.Event{Type: "post.created", About: []domain.UserID{hidden.stranger}}); err != nil {
		t.Fatal(err)
	}
	if err := publish.Publish(ctx, TopicPublicFeed, ports.Event{Type: "marker"}); err != nil {
		t.Fatal(err)
	}
	if got := nextEvent(t, c); got != "marker" {
		t.Fatalf("first event %q: the blocked member's event reached the socket", got)
	}
}

// A topic whose right ends while it is being authorized is refused, not
// followed.
func TestAccessEndedDuringSubscribeIsRefused(t *testing.T) {
	t.Parallel()
	var g *Gateway
	var allowed atomic.Bool
	allowed.Store(true)
	topic := plugin.Topic{Plugin: "probe", Prefix: "probe:", Authorize: func(_ context.Context, topic string) error {
		if !allowed.Load() {
			return errors.New("gone")
		}
		// Allowed as this check reads it, ended the moment after.
		allowed.Store(false)
		g.accessChanged(ports.AccessNotice{Kind: ports.NoticeTopicAccess, Topic: topic})
		return nil
	}}
	g, dial := newTestGatewayOn(t, NewMemoryBus(), []plugin.Topic{topic}, anyToken{&atomic.Bool{}})
	c := dial()
	if err := c.WriteJSON(map[string]string{"type": "subscribe", "topic": "probe:1"}); err != nil {
		t.Fatal(err)
	}
	var m serverMessage
	if err := c.ReadJSON(&m); err != nil {
		t.Fatal(err)
	}
	if m.Type != msgError || m.Code != codeForbidden || m.Topic != "probe:1" {
		t.Fatalf("answer %+v, want the topic refused", m)
	}
	if got := g.hub.subscribersOf("probe:1"); len(got) != 0 {
		t.Fatalf("%d sockets still follow the refused topic", len(got))
	}
}

// newTestGatewayOn is newTestGatewayWith at the default limits, its
// sockets giving up reading after 5 s.
func newTestGatewayOn(t *testing.T, bus Bus, topics []plugin.Topic, tokens TokenViewer) (*Gateway, func() *websocket.Conn) {
	t.Helper()
	g, dial := newTestGatewayWith(t, bus, topics, DefaultLimits(), tokens)
	return g, func() *websocket.Conn {
		c := dial()
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		return c
	}
}

func expectSubscribed(t *testing.T, c *websocket.Conn, topic string) {
	t.Helper()
	if err := c.WriteJSON(map[string]string{"type": "subscribe", "topic": topic}); err != nil {
		t.Fatal(err)
	}
	var m serverMessage
	if err := c.ReadJSON(&m); err != nil || m.Type != msgSubscribed {
		t.Fatalf("subscribe %s: %+v, %v", topic, m, err)
	}
}

// nextEvent is the type of the next event c receives.
func nextEvent(t *testing.T, c *websocket.Conn) string {
	t.Helper()
	for {
		var m struct {
			Type  string `json:"type"`
			Event struct {
				Type string `json:"type"`
			} `json:"event"`
		}
		if err := c.ReadJSON(&m); err != nil {
			t.Fatal(err)
		}
		if m.Type == msgEvent {
			return m.Event.Type
		}
	}
}

// closeCode reads c until the server closes it and returns the close code;
// it fails if c is still open after 5 s.
func closeCode(t *testing.T, c *websocket.Conn) int {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		_, _, err := c.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if !errors.As(err, &ce) {
			t.Fatalf("socket still open: %v", err)
		}
		return ce.Code
	}
}
