package realtime_test

import (
	"context"
	"strings"
	"testing"

	"social/adapters/realtime"
	"social/adapters/realtime/bustest"
	"social/internal/testkit"
	"social/internal/testkit/natsserver"
)

func TestMemoryBusContract(t *testing.T) {
	bustest.Run(t, func(t *testing.T) (realtime.Bus, realtime.Bus) {
		// One process is the whole cluster.
		bus := realtime.NewMemoryBus()
		return bus, bus
	})
}

func TestNATSBusContract(t *testing.T) {
	url := natsserver.Start(t)
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
