package apptest

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/adapters/realtime"
)

// Socket is a member's realtime connection.
type Socket struct {
	conn *websocket.Conn
}

// SocketMessage is one frame the gateway sent: an answer to a subscribe
// ("subscribed", "error") or an event on a topic ("event").
type SocketMessage struct {
	Type  string `json:"type"`
	Topic string `json:"topic"`
	Code  string `json:"code"`
	Event struct {
		Type string         `json:"type"`
		Data map[string]any `json:"data"`
	} `json:"event"`
}

// Realtime opens m's socket and subscribes it to topics, failing the test
// unless each is accepted. The socket closes with the test.
func (m *Member) Realtime(t testing.TB, topics ...string) *Socket {
	t.Helper()
	return Dial(t, m.App.URL, m.Token, topics...)
}

// Dial opens the socket of the member whose token this is on the server
// at baseURL (any node, in-process or not) and subscribes it to topics,
// failing the test unless each is accepted. The socket closes with the
// test.
func Dial(t testing.TB, baseURL, token string, topics ...string) *Socket {
	t.Helper()
	d := websocket.Dialer{HandshakeTimeout: 10 * time.Second}
	conn, _, err := d.Dial("ws"+strings.TrimPrefix(baseURL, "http")+realtime.Path, realtime.ClientHeader(token))
	if err != nil {
		t.Fatalf("dial realtime at %s: %v", baseURL, err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	s := &Socket{conn: conn}
	for _, topic := range topics {
		if msg := s.Subscribe(t, topic); msg.Type != "subscribed" || msg.Topic != topic {
			t.Fatalf("subscribe %s: %+v", topic, msg)
		}
	}
	return s
}

// Subscribe asks for topic and returns the gateway's answer.
func (s *Socket) Subscribe(t testing.TB, topic string) SocketMessage {
	t.Helper()
	if err := s.conn.WriteJSON(map[string]string{"type": "subscribe", "topic": topic}); err != nil {
		t.Fatal(err)
	}
	return s.Next(t)
}

// Next is the next frame, waiting at most 5 seconds.
func (s *Socket) Next(t testing.TB) SocketMessage {
	t.Helper()
	return s.NextWithin(t, 5*time.Second)
}

// NextWithin is the next frame, waiting at most within.
func (s *Socket) NextWithin(t testing.TB, within time.Duration) SocketMessage {
	t.Helper()
	if err := s.conn.SetReadDeadline(time.Now().Add(within)); err != nil {
		t.Fatalf("read deadline: %v", err)
	}
	var msg SocketMessage
	if err := s.conn.ReadJSON(&msg); err != nil {
		t.Fatalf("read realtime: %v", err)
	}
	return msg
}

// Event is the next event, failing the test unless it is of type want.
func (s *Socket) Event(t testing.TB, want string) map[string]any {
	t.Helper()
	msg := s.Next(t)
	if msg.Type != "event" || msg.Event.Type != want {
		t.Fatalf("got %+v, want event %s", msg, want)
	}
	return msg.Event.Data
}

// Close drops the connection without a close frame, as a lost network does.
func (s *Socket) Close() { _ = s.conn.Close() }

// CloseCode waits up to within for the server to close the socket,
// skipping any frame before it, and returns the close code (1006 when the
// connection ended without a close frame). It fails the test if the
// socket is still open by then.
func (s *Socket) CloseCode(t testing.TB, within time.Duration) int {
	t.Helper()
	_ = s.conn.SetReadDeadline(time.Now().Add(within))
	for {
		_, _, err := s.conn.ReadMessage()
		if err == nil {
			continue
		}
		var ce *websocket.CloseError
		if errors.As(err, &ce) {
			return ce.Code
		}
		var timeout interface{ Timeout() bool }
		if errors.As(err, &timeout) && timeout.Timeout() {
			t.Fatalf("socket still open after %v", within)
		}
		return websocket.CloseAbnormalClosure
	}
}
