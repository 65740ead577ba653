package app

import (
	"sync"
	"time"
)

// memo keeps values in memory for a lifetime each, up to size of them:
// past it, it starts over rather than grow. What the inbox reads on every
// activity (a key, a server's policy) is read from the database once a
// lifetime instead.
type memo[K comparable, V any] struct {
	lifetime time.Duration
	size     int

	mu      sync.Mutex
	entries map[K]memoEntry[V]
}

type memoEntry[V any] struct {
	value V
	until time.Time
}

func newMemo[K comparable, V any](lifetime time.Duration, size int) *memo[K, V] {
	return &memo[K, V]{lifetime: lifetime, size: size}
}

// get is the value kept for key, if it is still within its lifetime at
// now.
func (m *memo[K, V]) get(key K, now time.Time) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.entries[key]
	if !ok || !now.Before(e.until) {
		var zero V
		return zero, false
	}
	return e.value, true
}

// put keeps v for key from now.
func (m *memo[K, V]) put(key K, v V, now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries == nil || len(m.entries) >= m.size {
		m.entries = make(map[K]memoEntry[V])
	}
	m.entries[key] = memoEntry[V]{value: v, until: now.Add(m.lifetime)}
}

// forget drops key.
func (m *memo[K, V]) forget(key K) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.entries, key)
}

// forgetAll drops everything.
func (m *memo[K, V]) forgetAll() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries = nil
}
