package app

import (
	"context"
	"sync"
	"time"

	"social/core/ports"
)

// actorCacheLifetime is how long an actor read by its key's id is answered
// from memory. Every activity a busy server sends names the same few
// keys; a minute spares the database a read per activity, and a key that
// changed meanwhile fails its signature, which reads the actor afresh.
const actorCacheLifetime = time.Minute

// actorCacheSize bounds the actors kept: past it, the cache starts over.
const actorCacheSize = 10_000

// ActorCache is a RemoteActorStore that answers ActorByKeyID from memory
// for a minute. Keeping an actor forgets what was kept of its key, so
// this node never answers an older key than it saved.
type ActorCache struct {
	Store RemoteActorStore
	Clock ports.Clock

	once  sync.Once
	byKey *memo[string, RemoteActor]
}

func (c *ActorCache) keys() *memo[string, RemoteActor] {
	c.once.Do(func() { c.byKey = newMemo[string, RemoteActor](actorCacheLifetime, actorCacheSize) })
	return c.byKey
}

// ActorByURI reads the store.
func (c *ActorCache) ActorByURI(ctx context.Context, uri string) (RemoteActor, error) {
	return c.Store.ActorByURI(ctx, uri)
}

// ActorByKeyID answers from memory, or reads the store and keeps what it
// found.
func (c *ActorCache) ActorByKeyID(ctx context.Context, keyID string) (RemoteActor, error) {
	now := c.Clock.Now()
	if a, ok := c.keys().get(keyID, now); ok {
		return a, nil
	}
	a, err := c.Store.ActorByKeyID(ctx, keyID)
	if err != nil {
		return a, err
	}
	c.keys().put(keyID, a, now)
	return a, nil
}

// SaveActor keeps a in the store and forgets what memory held of its key.
func (c *ActorCache) SaveActor(ctx context.Context, a RemoteActor) error {
	c.keys().forget(a.KeyID)
	err := c.Store.SaveActor(ctx, a)
	c.keys().forget(a.KeyID)
	return err
}
