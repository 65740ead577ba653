package realtime

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/core/domain"
	"social/kit/plugin"
)

// anyToken accepts any token; its sessions live while ended is false.
type anyToken struct{ ended *atomic.Bool }

func (anyToken) Viewer(context.Context, string) (domain.Viewer, bool) {
	return domain.Viewer{UserID: domain.NewUserID(), Role: domain.RoleMember}, true
}

func (a anyToken) Live(context.Context, domain.Viewer) bool { return !a.ended.Load() }

func newTestGateway(t *testing.T, limits Limits, tokens TokenViewer) (*Gateway, func() *websocket.Conn) {
	t.Helper()
	return newTestGatewayWith(t, NewMemoryBus(), nil, limits, tokens)
}

// newTestGatewayWith serves a gateway on bus, with plugin topics, and
// returns a dialer of client sockets.
func newTestGatewayWith(t *testing.T, bus Bus, topics []plugin.Topic, limits Limits, tokens TokenViewer) (*Gateway, func() *websocket.Conn) {
	t.Helper()
	router, err := NewRouter(topics, nil)
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGateway(bus, nil, router, tokens, "http://social.test", limits, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	return g, func() *websocket.Conn {
		c, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http"), ClientHeader("x"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		return c
	}
}

// A socket does not outlive its session (sign-out while connected).
func TestEndedSessionIsClosed(t *testing.T) {
	t.Parallel()
	limits := DefaultLimits()
	limits.PingPeriod, limits.SessionRecheck = 30*time.Millisecond, 0
	ended := &atomic.Bool{}
	_, dial := newTestGateway(t, limits, anyToken{ended})
	c := dial()
	closed := make(chan int, 1)
	go func() {
		for {
			if _, _, err := c.ReadMessage(); err != nil {
				var ce *websocket.CloseError
				if errors.As(err, &ce) {
					closed <- ce.Code
				}
				close(closed)
				return
			}
		}
	}()
	time.Sleep(200 * time.Millisecond)
	select {
	case code := <-closed:
		t.Fatalf("closed (%d) while the session lives", code)
	default:
	}
	ended.Store(true)
	select {
	case code := <-closed:
		if code != websocket.ClosePolicyViolation {
			t.Fatalf("close code %d, want 1008", code)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("socket of an ended session still open")
	}
}

// A client that answers no ping is dropped after PongWait; one that
// reads (and so answers) stays.
func TestSilentClientIsDropped(t *testing.T) {
	t.Parallel()
	limits := DefaultLimits()
	limits.PingPeriod, limits.PongWait = 50*time.Millisecond, 300*time.Millisecond
	g, dial := newTestGateway(t, limits, anyToken{&atomic.Bool{}})
	silent, alive := dial(), dial()
	go func() { // reading answers pings
		for {
			if _, _, err := alive.ReadMessage(); err != nil {
				return
			}
		}
	}()
	time.Sleep(time.Second)
	_ = silent.SetReadDeadline(time.Now().Add(2 * time.Second))
	for {
		if _, _, err := silent.ReadMessage(); err != nil {
			if ne, ok := err.(interface{ Timeout() bool }); ok && ne.Timeout() {
				t.Fatal("silent client still connected")
			}
			break
		}
	}
	if err := alive.WriteJSON(map[string]string{"type": "ping"}); err != nil {
		t.Fatalf("answering client was dropped: %v", err)
	}
	if err := g.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
}

func TestRouterRefusesOverlappingPrefixes(t *testing.T) {
	t.Parallel()
	ok := func(context.Context, string) error { return nil }
	for _, prefix := range []string{"", "room", "feed:", "post:x:", "user:", "u:"} {
		topics := []plugin.Topic{{Plugin: "p", Prefix: prefix, Authorize: ok}}
		if prefix == "u:" {
			topics = append(topics, plugin.Topic{Plugin: "q", Prefix: "u:", Authorize: ok})
		}
		if _, err := NewRouter(topics, nil); err == nil {
			t.Errorf("prefix %q accepted", prefix)
		}
	}
	if _, err := NewRouter([]plugin.Topic{{Plugin: "rooms", Prefix: "room:", Authorize: ok}}, nil); err != nil {
		t.Fatal(err)
	}
}
