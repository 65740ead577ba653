package plugin

import (
	"context"
	"encoding/json"
	"net/http"

	"social/core/domain"
)

// Dialect is another protocol spoken over the realtime gateway's sockets
// (Mastodon's streaming API): its own path, handshake and frames, on the
// gateway's topics, authorization, revocation, limits and shutdown. The
// dialect only translates: which topics a client asks for, and how an event
// of a topic reads in its frames.
type Dialect struct {
	Plugin string
	// Path is where the gateway serves the dialect's sockets (GET).
	Path string
	// Token reads the access token a handshake carries, and the
	// subprotocol the server answers with ("" for none). A bearer header
	// is read by the gateway itself.
	Token func(r *http.Request) (token, subprotocol string)
	// Open admits the handshake's viewer (nobody when no valid token came)
	// and starts the socket's conversation. When it refuses, it writes the
	// refusal to w itself, in the dialect's shape, and returns false.
	Open func(w http.ResponseWriter, r *http.Request, v domain.Viewer) (DialectSocket, bool)
}

// DialectSocket is one socket's conversation in a dialect. The gateway
// calls Start, Message and Revoked on the socket's reading goroutine, in
// order; Event on a goroutine of the socket's own, in the order events came.
type DialectSocket interface {
	// Start runs once the socket is registered: it follows what the
	// handshake asked for.
	Start(l Line)
	// Message handles one text frame of the client.
	Message(l Line, raw []byte)
	// Event turns an event published on topic into the frames this socket
	// receives (none: nothing is sent). ctx carries the viewer and ends
	// with the gateway's time limit for one check.
	Event(ctx context.Context, l Line, topic string, e DialectEvent) [][]byte
	// Revoked says the viewer may no longer read topic: its subscription
	// ended.
	Revoked(l Line, topic string)
}

// Line is what a dialect's socket does through the gateway.
type Line interface {
	// Context carries the viewer and lives as long as the socket.
	Context() context.Context
	// Follow subscribes to topics, each authorized as any subscription;
	// it returns those refused.
	Follow(topics ...string) (refused []string)
	// Unfollow ends subscriptions.
	Unfollow(topics ...string)
	// Send writes a frame, counted with the events against the slow
	// client limit.
	Send(frame []byte)
}

// DialectEvent is an event as its publisher gave it (ports.Event).
type DialectEvent struct {
	Type string
	Data json.RawMessage
}

// GroupDialects is the value group of the realtime dialects.
const GroupDialects = `group:"realtime_dialects"`

// AsDialect contributes the Dialect returned by constructor.
func AsDialect(constructor any) any { return as(constructor, GroupDialects) }
