// Package bustest is the contract suite every realtime.Bus passes: what one
// node publishes reaches every subscriber of every node, with its topic,
// in the publisher's order, and a cancelled subscription receives nothing.
package bustest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"social/adapters/realtime"
)

// Nodes gives two buses seen by two nodes of one cluster, started and
// stopped with the test. A single-node bus returns the same bus twice.
type Nodes func(t *testing.T) (a, b realtime.Bus)

// wait bounds how long a missing message is waited for before the test
// fails; it never measures speed.
const wait = 10 * time.Second

type received struct {
	topic string
	msg   string
}

// inbox collects what one subscription receives.
type inbox struct {
	mu   sync.Mutex
	got  []received
	news chan struct{}
}

func subscribe(t *testing.T, bus realtime.Bus) (*inbox, func()) {
	in := &inbox{news: make(chan struct{}, 1)}
	cancel := bus.Subscribe(func(topic string, msg []byte) {
		in.mu.Lock()
		in.got = append(in.got, received{topic, string(msg)})
		in.mu.Unlock()
		select {
		case in.news <- struct{}{}:
		default:
		}
	})
	t.Cleanup(cancel)
	return in, cancel
}

// waitFor returns the first n messages, failing the test if they do not come.
func (in *inbox) waitFor(t *testing.T, n int) []received {
	t.Helper()
	timeout := time.After(wait)
	for {
		in.mu.Lock()
		if len(in.got) >= n {
			out := append([]received(nil), in.got[:n]...)
			in.mu.Unlock()
			return out
		}
		have := len(in.got)
		in.mu.Unlock()
		select {
		case <-in.news:
		case <-timeout:
			t.Fatalf("received %d messages, want %d", have, n)
		}
	}
}

func (in *inbox) count() int {
	in.mu.Lock()
	defer in.mu.Unlock()
	return len(in.got)
}

func publish(t *testing.T, bus realtime.Bus, topic, msg string) {
	t.Helper()
	if err := bus.Publish(context.Background(), topic, []byte(msg)); err != nil {
		t.Fatalf("publish %s: %v", topic, err)
	}
}

// Run runs the suite on the buses nodes makes.
func Run(t *testing.T, nodes Nodes) {
	t.Run("a message reaches every subscriber of every node with its topic", func(t *testing.T) {
		a, b := nodes(t)
		onA, _ := subscribe(t, a)
		onB1, _ := subscribe(t, b)
		onB2, _ := subscribe(t, b)
		topics := []string{"feed:public", "user:0193e0c1-7c2e-7000-8000-000000000001:notifications", "room:x.y*>"}
		for i, topic := range topics {
			publish(t, a, topic, fmt.Sprintf(`{"n":%d}`, i))
		}
		for name, in := range map[string]*inbox{"node A": onA, "node B, first": onB1, "node B, second": onB2} {
			got := in.waitFor(t, len(topics))
			for i, topic := range topics {
				want := received{topic, fmt.Sprintf(`{"n":%d}`, i)}
				if got[i] != want {
					t.Errorf("%s: message %d = %+v, want %+v", name, i, got[i], want)
				}
			}
		}
	})

	t.Run("messages of one publisher arrive in order", func(t *testing.T) {
		a, b := nodes(t)
		onB, _ := subscribe(t, b)
		const n = 500
		for i := range n {
			publish(t, a, "feed:public", fmt.Sprint(i))
		}
		for i, r := range onB.waitFor(t, n) {
			if r.msg != fmt.Sprint(i) {
				t.Fatalf("message %d is %q: order lost", i, r.msg)
			}
		}
	})

	t.Run("both nodes publish to each other", func(t *testing.T) {
		a, b := nodes(t)
		onA, _ := subscribe(t, a)
		onB, _ := subscribe(t, b)
		publish(t, b, "post:1", "from b")
		publish(t, a, "post:1", "from a")
		for name, in := range map[string]*inbox{"node A": onA, "node B": onB} {
			got := in.waitFor(t, 2)
			seen := map[string]bool{got[0].msg: true, got[1].msg: true}
			if !seen["from a"] || !seen["from b"] {
				t.Errorf("%s received %+v", name, got)
			}
		}
	})

	t.Run("a cancelled subscription receives nothing more", func(t *testing.T) {
		a, b := nodes(t)
		cancelled, cancel := subscribe(t, b)
		witness, _ := subscribe(t, b)
		publish(t, a, "feed:public", "before")
		cancelled.waitFor(t, 1)
		witness.waitFor(t, 1)
		cancel()
		publish(t, a, "feed:public", "after")
		publish(t, a, "feed:public", "marker")
		// The witness shares the node's delivery path, so once it has the
		// marker, the cancelled subscription would have had "after".
		witness.waitFor(t, 3)
		if n := cancelled.count(); n != 1 {
			t.Fatalf("cancelled subscription received %d messages, want 1", n)
		}
	})
}
