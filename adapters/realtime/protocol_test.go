package realtime_test

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"social/adapters/realtime"
	"social/config"
)

// A token in the URL would be kept by access logs, proxies and browser
// history: the old query parameter is refused, the subprotocol accepted.
func TestTokenTravelsInTheSubprotocolOnly(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana := r.member("ana")
	u := "ws" + strings.TrimPrefix(r.URL, "http") + realtime.Path

	_, resp, err := websocket.DefaultDialer.Dial(u+"?access_token="+ana.Token, nil)
	if resp == nil || resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("token in the URL: %v %v, want 400", resp, err)
	}
	var problem struct{ Code string }
	_ = json.NewDecoder(resp.Body).Decode(&problem)
	if problem.Code != "token_in_url" {
		t.Fatalf("code %q, want token_in_url", problem.Code)
	}
	// Even beside a valid subprotocol token.
	if _, resp, _ := websocket.DefaultDialer.Dial(u+"?access_token=x", realtime.ClientHeader(ana.Token)); resp == nil || resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("token in the URL beside the header: %v", resp)
	}
	// The token alone, without the gateway's protocol, is no handshake.
	h := http.Header{}
	h.Set("Sec-WebSocket-Protocol", realtime.TokenProtocolPrefix+ana.Token)
	if _, resp, _ := websocket.DefaultDialer.Dial(u, h); resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("token protocol without %s: %v", realtime.Protocol, resp)
	}

	c, resp, err := websocket.DefaultDialer.Dial(u, realtime.ClientHeader(ana.Token))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	// The server chooses the protocol, never echoes the token.
	if got := resp.Header.Get("Sec-WebSocket-Protocol"); got != realtime.Protocol {
		t.Fatalf("chosen protocol %q, want %q", got, realtime.Protocol)
	}
}

// One message subscribes to many topics; the answer names those followed,
// and each refusal comes on its own.
func TestBatchSubscribe(t *testing.T) {
	t.Parallel()
	r := start(t)
	ana, bia := r.member("ana"), r.member("bia")
	a := r.dial(ana)
	mine, theirs := "probe:"+ana.ID, "probe:"+bia.ID
	a.send(map[string]any{"type": "subscribe", "topics": []string{realtime.TopicPublicFeed, mine, theirs, mine}})
	var subscribed *msg
	var refused []msg
	for range 2 {
		m := a.read()
		switch m.Type {
		case "subscribed":
			subscribed = &m
		case "error":
			refused = append(refused, m)
		}
	}
	if subscribed == nil || strings.Join(subscribed.Topics, ",") != realtime.TopicPublicFeed+","+mine {
		t.Fatalf("subscribed = %+v", subscribed)
	}
	if len(refused) != 1 || refused[0].Topic != theirs || refused[0].Code != "topic_forbidden" {
		t.Fatalf("refusals = %+v", refused)
	}
	r.publish(mine, "x", 1)
	a.expect("event", mine)

	a.send(map[string]any{"type": "unsubscribe", "topics": []string{realtime.TopicPublicFeed, mine}})
	a.send(map[string]string{"type": "ping"})
	a.expect("pong", "")
	r.publish(mine, "gone", 1)
	r.publish(realtime.TopicPublicFeed, "gone", 1)
	a.send(map[string]string{"type": "ping"})
	a.expect("pong", "")

	// A list and a topic at once, an empty list or more than 50 topics:
	// not a valid message.
	for _, bad := range []map[string]any{
		{"type": "subscribe", "topic": mine, "topics": []string{mine}},
		{"type": "subscribe", "topics": []string{}},
		{"type": "subscribe", "topics": make([]string, 51)},
	} {
		a.send(bad)
		if m := a.read(); m.Type != "error" || m.Code != "message_invalid" {
			t.Fatalf("%v: %+v", bad, m)
		}
	}
}

// Scrolling a long feed asks for many topics in few messages; asking for
// topics far faster than any screen shows them closes the socket (1008).
func TestTopicFloodIsClosed1008(t *testing.T) {
	t.Parallel()
	r := startWith(t, func(c *config.Config) {
		c.Realtime.TopicBurst = 80
		c.Realtime.TopicsPerSecond = 0.001
	})
	ana := r.member("ana")
	a := r.dial(ana)
	many := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = "probe:open"
			if i > 0 {
				out[i] = "probe:" + strconv.Itoa(i)
			}
		}
		return out
	}
	a.send(map[string]any{"type": "subscribe", "topics": many(50)})
	for m := a.read(); m.Type != "subscribed"; m = a.read() {
	}
	// 50 + 40 topics is more than the burst of 80.
	if err := a.c.WriteJSON(map[string]any{"type": "subscribe", "topics": many(40)}); err != nil {
		t.Fatal(err)
	}
	if code := a.closedWith(); code != websocket.ClosePolicyViolation {
		t.Fatalf("close code %d, want 1008", code)
	}
}

// One member holds at most realtime.max_sockets_per_member sockets on a
// node; one more is closed at once with 4429 and a reason, and closing one
// makes room again. Other members are not affected.
func TestSocketsPerMemberAreCapped(t *testing.T) {
	t.Parallel()
	r := startWith(t, func(c *config.Config) { c.Realtime.MaxSocketsPerMember = 3 })
	ana, bia := r.member("ana"), r.member("bia")
	held := []*client{r.dial(ana), r.dial(ana), r.dial(ana)}
	for _, c := range held {
		c.subscribe(realtime.TopicPublicFeed)
	}
	extra := r.dial(ana)
	_ = extra.c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, _, err := extra.c.ReadMessage()
	var ce *websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != 4429 || ce.Text == "" {
		t.Fatalf("fourth socket: %v, want close 4429 with a reason", err)
	}
	r.dial(bia).subscribe(realtime.TopicPublicFeed)

	_ = held[0].c.Close()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		c, _, err := r.dialRaw(ana.Token, r.origin)
		if err != nil {
			t.Fatal(err)
		}
		_ = c.WriteJSON(map[string]string{"type": "ping"})
		_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
		_, raw, err := c.ReadMessage()
		_ = c.Close()
		if err == nil && strings.Contains(string(raw), "pong") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no room after closing a socket: %v", err)
		}
	}
}
