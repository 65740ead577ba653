package realtime_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"social/core/domain"
)

// hookLog records the probe topic's OnSubscribe/OnUnsubscribe calls as
// "+topic user" and "-topic user".
type hookLog struct {
	mu    sync.Mutex
	calls []string
	// The subscribe hook of probe:slow signals entered, then records its
	// call only once release is closed (as a join records its row last).
	entered, release chan struct{}
}

func newHookLog() *hookLog {
	return &hookLog{entered: make(chan struct{}, 1), release: make(chan struct{})}
}

func (h *hookLog) subscribed(ctx context.Context, topic string) {
	if topic == "probe:slow" {
		h.entered <- struct{}{}
		<-h.release
	}
	h.add("+" + topic + " " + domain.ViewerFrom(ctx).UserID.String())
}

func (h *hookLog) unsubscribed(ctx context.Context, topic string) {
	h.add("-" + topic + " " + domain.ViewerFrom(ctx).UserID.String())
}

func (h *hookLog) add(call string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, call)
}

// waitFor waits until the calls are want, in order.
func (h *hookLog) waitFor(t *testing.T, want ...string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		h.mu.Lock()
		got := slices.Clone(h.calls)
		h.mu.Unlock()
		if slices.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("hook calls %q, want %q", got, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A plugin topic's hooks see each subscription start and end once: a
// repeated subscribe, a refused one and an unsubscribe of a topic not
// followed call nothing; an abrupt close ends every subscription left.
func TestTopicHooks(t *testing.T) {
	r := start(t)
	ana, bia := r.member("ana"), r.member("bia")
	mine := "probe:" + ana.ID

	c := r.dial(ana)
	c.subscribe("probe:open")
	c.subscribe("probe:open") // again: no second call
	c.subscribe(mine)
	c.subscribe("feed:public") // core topic: no hooks
	c.send(map[string]string{"type": "subscribe", "topic": "probe:" + bia.ID})
	c.expect("error", "probe:"+bia.ID)
	c.send(map[string]string{"type": "unsubscribe", "topic": "probe:open"})
	c.send(map[string]string{"type": "unsubscribe", "topic": "probe:open"}) // not followed any more
	c.send(map[string]string{"type": "ping"})
	c.expect("pong", "")
	r.hooks.waitFor(t, "+probe:open "+ana.ID, "+"+mine+" "+ana.ID, "-probe:open "+ana.ID)

	// Abrupt disconnect: the TCP connection goes without a close frame.
	_ = c.c.UnderlyingConn().Close()
	r.hooks.waitFor(t, "+probe:open "+ana.ID, "+"+mine+" "+ana.ID, "-probe:open "+ana.ID, "-"+mine+" "+ana.ID)
}

// A socket the server closes while a subscribe hook still runs (here the
// gateway shutting down) ends that subscription after the hook returns,
// never before: presence would otherwise join a member whose socket is
// already gone, and count them until the stale sweep.
func TestTopicHookEndWaitsForItsStart(t *testing.T) {
	r := start(t)
	ana := r.member("ana")
	c := r.dial(ana)
	c.send(map[string]string{"type": "subscribe", "topic": "probe:slow"})
	<-r.hooks.entered

	go func() { _ = r.gw.Shutdown(context.Background()) }()
	if code := c.closedWith(); code != 1001 {
		t.Fatalf("close code %d, want 1001", code)
	}
	close(r.hooks.release)
	r.hooks.waitFor(t, "+probe:slow "+ana.ID, "-probe:slow "+ana.ID)
}
