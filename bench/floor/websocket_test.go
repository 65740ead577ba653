package floor

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/adapters/realtime"
)

// The floor's server writes each published event, of the size asked and
// stamped with published_at, to every socket open, after the two
// "subscribed" frames a client of the real gateway reads first.
func TestWebSocketFloorWritesEachEventToEverySocket(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, w := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- ServeWebSocket(ctx, w) }()
	addr, err := bufio.NewReader(r).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	addr = strings.TrimSpace(addr)
	go func() { _, _ = io.Copy(io.Discard, r) }()

	var socks []*websocket.Conn
	for range 3 {
		c, _, err := websocket.DefaultDialer.Dial("ws://"+addr+"/ws", nil)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		for range 2 {
			_, b, err := c.ReadMessage()
			if err != nil || string(b) != `{"type":"subscribed"}` {
				t.Fatalf("greeting %q, %v", b, err)
			}
		}
		socks = append(socks, c)
	}
	before := time.Now()
	resp, err := http.Post("http://"+addr+"/publish?key=k1&bytes=300", "", nil)
	if err != nil || resp.StatusCode != http.StatusNoContent {
		t.Fatalf("publish: %v %v", resp, err)
	}
	resp.Body.Close()
	for i, c := range socks {
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, b, err := c.ReadMessage()
		if err != nil {
			t.Fatalf("socket %d: %v", i, err)
		}
		var m struct {
			Type        string `json:"type"`
			PublishedAt string `json:"published_at"`
			Event       struct {
				Type string            `json:"type"`
				Data map[string]string `json:"data"`
			} `json:"event"`
		}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("socket %d: %q is not JSON: %v", i, b, err)
		}
		at, err := time.Parse(realtime.PublishedAtLayout, m.PublishedAt)
		if m.Type != "event" || m.Event.Type != WebSocketEventType || m.Event.Data["id"] != "k1" || err != nil || at.Before(before.Add(-time.Millisecond)) {
			t.Fatalf("socket %d: event %+v (published_at %v)", i, m, err)
		}
		if len(b) < 295 || len(b) > 305 {
			t.Fatalf("socket %d: %d bytes, want about 300", i, len(b))
		}
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the floor's server did not stop with its context")
	}
}
