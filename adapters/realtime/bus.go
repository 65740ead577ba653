package realtime

import (
	"context"
	"sync"
)

// Bus carries encoded server messages for a topic to every node's gateway.
// Publish must not block on slow sockets: the gateway's deliver function
// only queues. Messages of one publisher reach each subscriber in the order
// they were published; delivery is at most once (ports.Broadcaster).
type Bus interface {
	Publish(ctx context.Context, topic string, msg []byte) error
	// Subscribe calls deliver for every message published from now on,
	// until cancel is called.
	Subscribe(deliver func(topic string, msg []byte)) (cancel func())
}

// subscribers is the set of this process's deliver functions, shared by
// both buses: the memory bus calls them on Publish, the NATS bus on every
// message its one subscription receives.
type subscribers struct {
	mu   sync.RWMutex
	next int
	subs map[int]func(topic string, msg []byte)
}

func newSubscribers() *subscribers {
	return &subscribers{subs: map[int]func(string, []byte){}}
}

func (s *subscribers) deliver(topic string, msg []byte) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, deliver := range s.subs {
		deliver(topic, msg)
	}
}

func (s *subscribers) add(deliver func(topic string, msg []byte)) func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.next
	s.next++
	s.subs[id] = deliver
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.subs, id)
	}
}

// MemoryBus is the single-node Bus: Publish hands the message to the
// subscribers in the caller's goroutine.
type MemoryBus struct{ subs *subscribers }

// NewMemoryBus returns an empty in-process bus.
func NewMemoryBus() *MemoryBus { return &MemoryBus{subs: newSubscribers()} }

// Publish delivers msg to every subscriber.
func (b *MemoryBus) Publish(_ context.Context, topic string, msg []byte) error {
	b.subs.deliver(topic, msg)
	return nil
}

// Subscribe registers deliver.
func (b *MemoryBus) Subscribe(deliver func(topic string, msg []byte)) func() {
	return b.subs.add(deliver)
}
