package realtime

import (
	"context"
	"sync"
)

// Bus carries encoded server messages for a topic to every node's gateway.
// Publish must not block on slow sockets: the gateway's deliver function
// only queues.
type Bus interface {
	Publish(ctx context.Context, topic string, msg []byte) error
	// Subscribe calls deliver for every message published from now on,
	// until cancel is called.
	Subscribe(deliver func(topic string, msg []byte)) (cancel func())
}

// MemoryBus is the single-node Bus: Publish hands the message to the
// subscribers in the caller's goroutine.
type MemoryBus struct {
	mu   sync.RWMutex
	next int
	subs map[int]func(topic string, msg []byte)
}

// NewMemoryBus returns an empty in-process bus.
func NewMemoryBus() *MemoryBus {
	return &MemoryBus{subs: map[int]func(string, []byte){}}
}

// Publish delivers msg to every subscriber.
func (b *MemoryBus) Publish(_ context.Context, topic string, msg []byte) error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	for _, deliver := range b.subs {
		deliver(topic, msg)
	}
	return nil
}

// Subscribe registers deliver.
func (b *MemoryBus) Subscribe(deliver func(topic string, msg []byte)) func() {
	b.mu.Lock()
	defer b.mu.Unlock()
	id := b.next
	b.next++
	b.subs[id] = deliver
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		delete(b.subs, id)
	}
}
