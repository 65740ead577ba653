package app

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// policyCacheLifetime is how long a domain's policy is answered from
// memory. The inbox asks for the sender's policy on every activity; a
// policy changed on this node is forgotten at once, one changed on
// another node holds here within this time.
const policyCacheLifetime = 5 * time.Second

// policyCacheSize bounds the domains kept: past it, the cache starts over.
const policyCacheSize = 10_000

// PolicyCache is a PolicyStore that answers PolicyByDomain from memory
// for a few seconds, a domain without a policy included. Any write
// through it forgets everything it holds.
type PolicyCache struct {
	Store PolicyStore
	Clock ports.Clock

	once     sync.Once
	byDomain *memo[string, cachedPolicy]
}

// cachedPolicy is a domain's policy, or that it has none.
type cachedPolicy struct {
	policy InstancePolicy
	none   bool
}

func (c *PolicyCache) domains() *memo[string, cachedPolicy] {
	c.once.Do(func() { c.byDomain = newMemo[string, cachedPolicy](policyCacheLifetime, policyCacheSize) })
	return c.byDomain
}

// PolicyByDomain answers from memory, or reads the store and keeps what
// it found (or that there is none).
func (c *PolicyCache) PolicyByDomain(ctx context.Context, d string) (InstancePolicy, error) {
	now := c.Clock.Now()
	if hit, ok := c.domains().get(d, now); ok {
		if hit.none {
			return InstancePolicy{}, domain.ErrNotFound
		}
		return hit.policy, nil
	}
	p, err := c.Store.PolicyByDomain(ctx, d)
	none := errors.Is(err, domain.ErrNotFound)
	if err != nil && !none {
		return p, err
	}
	c.domains().put(d, cachedPolicy{policy: p, none: none}, now)
	return p, err
}

// LockPolicy reads the store.
func (c *PolicyCache) LockPolicy(ctx context.Context, id uuid.UUID) (InstancePolicy, error) {
	return c.Store.LockPolicy(ctx, id)
}

// InsertPolicy writes through and forgets.
func (c *PolicyCache) InsertPolicy(ctx context.Context, p InstancePolicy) error {
	defer c.domains().forgetAll()
	return c.Store.InsertPolicy(ctx, p)
}

// UpdatePolicy writes through and forgets.
func (c *PolicyCache) UpdatePolicy(ctx context.Context, p InstancePolicy) error {
	defer c.domains().forgetAll()
	return c.Store.UpdatePolicy(ctx, p)
}

// DeletePolicy writes through and forgets.
func (c *PolicyCache) DeletePolicy(ctx context.Context, id uuid.UUID) error {
	defer c.domains().forgetAll()
	return c.Store.DeletePolicy(ctx, id)
}
