package realtime_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"social/adapters/realtime"
	"social/adapters/realtime/bustest"
	"social/tests/testkit"
	"social/tests/testkit/natsserver"
)

func TestMemoryBusContract(t *testing.T) {
	bustest.Run(t, func(t *testing.T) (realtime.Bus, realtime.Bus) {
		// One process is the whole cluster.
		bus := realtime.NewMemoryBus()
		return bus, bus
	})
}

func TestNATSBusContract(t *testing.T) {
	url := natsserver.Start(t).URL
	bustest.Run(t, func(t *testing.T) (realtime.Bus, realtime.Bus) {
		return startNATSBus(t, url), startNATSBus(t, url)
	})
}

func startNATSBus(t *testing.T, url string) *realtime.NATSBus {
	t.Helper()
	bus := realtime.NewNATSBus(url, testkit.Logger())
	if err := bus.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := bus.Stop(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return bus
}

func TestNATSBusRefusesToStartWithoutServer(t *testing.T) {
	bus := realtime.NewNATSBus("nats://127.0.0.1:1", testkit.Logger())
	err := bus.Start(context.Background())
	if err == nil {
		_ = bus.Stop(context.Background())
		t.Fatal("started without a NATS server")
	}
	if want := "realtime.nats.url: cannot reach NATS"; !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q does not say %q", err, want)
	}
	if err := bus.Publish(context.Background(), "feed:public", []byte("{}")); err == nil {
		t.Fatal("a bus that never started accepted a message")
	}
}

// A bus whose server went away says so (/readyz takes the node out), and
// carries messages again once the server is back.
func TestNATSBusReadinessAndReconnection(t *testing.T) {
	srv := natsserver.Start(t)
	a, b := startNATSBus(t, srv.URL), startNATSBus(t, srv.URL)
	if err := a.Ready(context.Background()); err != nil {
		t.Fatalf("connected bus not ready: %v", err)
	}
	srv.Stop()
	waitReady(t, a, false)
	srv.Restart(t)
	waitReady(t, a, true)
	waitReady(t, b, true)
	got := make(chan string, 1)
	b.Subscribe(func(topic string, msg []byte) { got <- topic + " " + string(msg) })
	if err := a.Publish(context.Background(), "feed:public", []byte("de volta")); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-got:
		if m != "feed:public de volta" {
			t.Fatalf("received %q", m)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no message after the reconnection")
	}
}

func waitReady(t *testing.T, bus *realtime.NATSBus, want bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		err := bus.Ready(context.Background())
		if (err == nil) == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("ready = %v, want ready %v", err, want)
		}
	}
}
