package realtime

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// NATSSubject is the one subject every node publishes realtime messages on
// and subscribes to. The topic travels in a header rather than in the
// subject: topics may hold characters NATS gives a meaning to ('.', '*').
const NATSSubject = "social.realtime"

const natsTopicHeader = "Social-Topic"

// NATSBus is the Bus of several nodes: Publish sends the message to the
// NATS server, and every node's one subscription (this node's included)
// hands it to that node's gateway. Core NATS delivers at most once and
// keeps the order of one connection's messages, which is the Bus contract.
//
// The connection is opened by Start, not by the constructor, so commands
// that only build the app (printing the OpenAPI document) need no server.
type NATSBus struct {
	url  string
	log  *slog.Logger
	subs *subscribers

	mu   sync.Mutex
	conn *nats.Conn
	sub  *nats.Subscription
}

// NewNATSBus makes a bus on the NATS server at url (nats:// or tls://).
func NewNATSBus(url string, logger *slog.Logger) *NATSBus {
	return &NATSBus{url: url, log: logger.With("component", "realtime.nats"), subs: newSubscribers()}
}

// Start connects and subscribes; it returns once the server has the
// subscription, so nothing published after it is missed. A server that is
// down at start is an error (the node would be deaf); once connected, the
// client reconnects forever and buffers what is published meanwhile.
func (b *NATSBus) Start(ctx context.Context) error {
	host, _ := os.Hostname()
	conn, err := nats.Connect(b.url,
		nats.Name(fmt.Sprintf("social %s pid %d", host, os.Getpid())),
		nats.Timeout(5*time.Second),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err != nil {
				b.log.Warn("realtime bus disconnected; events from other nodes wait for the reconnection", "err", err)
			}
		}),
		nats.ReconnectHandler(func(c *nats.Conn) {
			b.log.Info("realtime bus reconnected", "server", c.ConnectedUrlRedacted())
		}),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			// A slow consumer loses messages: sockets then resync over HTTP.
			b.log.Error("realtime bus error", "err", err)
		}),
	)
	if err != nil {
		return fmt.Errorf("realtime.nats.url: cannot reach NATS: %w", err)
	}
	sub, err := conn.Subscribe(NATSSubject, func(m *nats.Msg) {
		b.subs.deliver(m.Header.Get(natsTopicHeader), m.Data)
	})
	if err == nil {
		// The gateway's deliver only queues, but a burst must not be cut
		// at nats.go's default 512 KiB of pending messages.
		err = sub.SetPendingLimits(1<<16, 64<<20)
	}
	if err == nil {
		err = flush(ctx, conn)
	}
	if err != nil {
		conn.Close()
		return fmt.Errorf("realtime.nats.url: subscribe to %s: %w", NATSSubject, err)
	}
	b.mu.Lock()
	b.conn, b.sub = conn, sub
	b.mu.Unlock()
	return nil
}

func flush(ctx context.Context, conn *nats.Conn) error {
	if _, ok := ctx.Deadline(); ok {
		return conn.FlushWithContext(ctx)
	}
	return conn.FlushTimeout(5 * time.Second)
}

// Stop sends what is still buffered, when connected, then closes.
func (b *NATSBus) Stop(ctx context.Context) error {
	b.mu.Lock()
	conn, sub := b.conn, b.sub
	b.conn, b.sub = nil, nil
	b.mu.Unlock()
	if conn == nil {
		return nil
	}
	_ = sub.Unsubscribe()
	var err error
	if conn.IsConnected() {
		// While reconnecting there is no one to flush to: what is buffered
		// is lost, as when NATS is down.
		err = flush(ctx, conn)
	}
	conn.Close()
	if err != nil && !errors.Is(err, nats.ErrConnectionClosed) {
		return fmt.Errorf("realtime bus: flush at stop: %w", err)
	}
	return nil
}

// Ready reports whether the bus is connected: a node whose bus is down
// still serves requests, but its sockets miss what other nodes publish,
// so /readyz takes it out of the load balancer until NATS is back.
func (b *NATSBus) Ready(context.Context) error {
	b.mu.Lock()
	conn := b.conn
	b.mu.Unlock()
	if conn == nil {
		return errors.New("not started")
	}
	if st := conn.Status(); st != nats.CONNECTED {
		return fmt.Errorf("nats %s", strings.ToLower(st.String()))
	}
	return nil
}

// Publish sends msg to every node. While the client reconnects, the
// message waits in its buffer; it fails only when the bus is not started.
func (b *NATSBus) Publish(_ context.Context, topic string, msg []byte) error {
	b.mu.Lock()
	conn := b.conn
	b.mu.Unlock()
	if conn == nil {
		return errors.New("realtime bus (nats) is not started")
	}
	m := nats.NewMsg(NATSSubject)
	m.Header.Set(natsTopicHeader, topic)
	m.Data = msg
	return conn.PublishMsg(m)
}

// Subscribe registers deliver for what the node's subscription receives.
func (b *NATSBus) Subscribe(deliver func(topic string, msg []byte)) func() {
	return b.subs.add(deliver)
}
