package auth

import (
	"context"
	"sync"
	"time"

	"go.uber.org/fx"

	"social/core/domain"
	"social/core/ports"
)

// sessionCacheTTL is how long a session found live is taken as live
// without asking the database again. Every change that ends a session or
// changes a role drops the member's entries at once on the node that made
// it, and on the others when its access notice arrives; the TTL only
// bounds what a node misses while its listening connection is down.
const sessionCacheTTL = 5 * time.Second

// sessionCacheMaxMembers bounds the memory: when more members than this
// hold entries, the cache starts again empty.
const sessionCacheMaxMembers = 100_000

// AccessNotices is the stream of every node's access changes (the
// PostgreSQL listener).
type AccessNotices interface {
	Listen(notice func(ports.AccessNotice), missed func()) (stop func())
}

// SessionCache remembers for a few seconds that a session is live and its
// member's role, so that a member's requests do not each read the session
// and the account: on the profile and feed reads that check was a third of
// the server's work. It remembers an app's access token the same way (what
// it grants, never past its expiry), keyed by the token's hash. It is used
// only while it hears access notices; without them every request asks the
// database.
type SessionCache struct {
	clock   ports.Clock
	enabled bool

	mu      sync.Mutex
	members map[domain.UserID][]cachedSession
	// apps are app tokens by hash; appsOf, their hashes by member, to
	// forget a member's at once. A token of an app alone (no member) is
	// never kept: no member's notice would end it.
	apps   map[string]cachedApp
	appsOf map[domain.UserID][]string
	// epoch moves on at every forgetting, so that a check that read the
	// database before a change and answers after it stores nothing.
	epoch uint64
}

type cachedSession struct {
	id    string
	role  domain.Role
	until time.Time
}

type cachedApp struct {
	viewer domain.Viewer
	until  time.Time
}

// NewSessionCache makes a cache that stays empty until Hear is called.
func NewSessionCache(clock ports.Clock) *SessionCache {
	return &SessionCache{clock: clock, members: map[domain.UserID][]cachedSession{},
		apps: map[string]cachedApp{}, appsOf: map[domain.UserID][]string{}}
}

// Hear turns the cache on and keeps it in step with notices; stop ends
// that and turns it off.
func (c *SessionCache) Hear(notices AccessNotices) (stop func()) {
	stopListening := notices.Listen(c.noticed, c.ForgetAll)
	c.mu.Lock()
	c.enabled = true
	c.mu.Unlock()
	return func() {
		stopListening()
		c.mu.Lock()
		c.enabled = false
		c.mu.Unlock()
		c.ForgetAll()
	}
}

func (c *SessionCache) noticed(n ports.AccessNotice) {
	switch n.Kind {
	case ports.NoticeSessionsEnded, ports.NoticeMemberAccess:
		c.Forget(n.Member)
	}
}

// lookup is the cached role of member's session, if it is known live.
func (c *SessionCache) lookup(session string, member domain.UserID) (domain.Role, bool) {
	now := c.clock.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range c.members[member] {
		if s.id == session && now.Before(s.until) {
			return s.role, true
		}
	}
	return "", false
}

// begin is the epoch a database check starts in, for store.
func (c *SessionCache) begin() uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.epoch
}

// store records a session the database found live, unless something was
// forgotten since the check began.
func (c *SessionCache) store(epoch uint64, session string, member domain.UserID, role domain.Role) {
	now := c.clock.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.enabled || epoch != c.epoch {
		return
	}
	if len(c.members) >= sessionCacheMaxMembers {
		c.members = map[domain.UserID][]cachedSession{}
	}
	kept := c.members[member][:0]
	for _, s := range c.members[member] {
		if s.id != session && now.Before(s.until) {
			kept = append(kept, s)
		}
	}
	c.members[member] = append(kept, cachedSession{id: session, role: role, until: now.Add(sessionCacheTTL)})
}

// lookupApp is what the app token with hash grants, if it is known live.
func (c *SessionCache) lookupApp(hash []byte) (domain.Viewer, bool) {
	now := c.clock.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.apps[string(hash)]; ok && now.Before(t.until) {
		return t.viewer, true
	}
	return domain.Viewer{}, false
}

// storeApp records an app token the database found live, until its expiry
// at the latest, unless something was forgotten since the check began.
func (c *SessionCache) storeApp(epoch uint64, hash []byte, access ports.AppAccess) {
	member := access.Viewer.UserID
	if member.IsZero() {
		return
	}
	now := c.clock.Now()
	until := now.Add(sessionCacheTTL)
	if access.ExpiresAt.Before(until) {
		until = access.ExpiresAt
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.enabled || epoch != c.epoch {
		return
	}
	if len(c.apps) >= sessionCacheMaxMembers {
		c.apps, c.appsOf = map[string]cachedApp{}, map[domain.UserID][]string{}
	}
	key := string(hash)
	if _, known := c.apps[key]; !known {
		c.appsOf[member] = append(c.appsOf[member], key)
	}
	c.apps[key] = cachedApp{viewer: access.Viewer, until: until}
}

// Forget drops member's sessions and app tokens: the next request asks
// the database.
func (c *SessionCache) Forget(member domain.UserID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	delete(c.members, member)
	for _, key := range c.appsOf[member] {
		delete(c.apps, key)
	}
	delete(c.appsOf, member)
}

// ForgetAll drops every session, as after notices may have been missed.
func (c *SessionCache) ForgetAll() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.epoch++
	c.members = map[domain.UserID][]cachedSession{}
	c.apps, c.appsOf = map[string]cachedApp{}, map[domain.UserID][]string{}
}

// forgettingSessionEnds forgets a member's sessions on this node the moment
// a use case ends them, before the notice reaches the other nodes (and this
// one again, after the commit).
type forgettingSessionEnds struct {
	ports.SessionEnds
	cache *SessionCache
}

func (f forgettingSessionEnds) SessionsEnded(ctx context.Context, member domain.UserID) {
	f.cache.Forget(member)
	f.SessionEnds.SessionsEnded(ctx, member)
}

// forgettingAccessChanges does the same for access changes, a role among
// them.
type forgettingAccessChanges struct {
	ports.AccessChanges
	cache *SessionCache
}

func (f forgettingAccessChanges) MemberAccessChanged(ctx context.Context, member domain.UserID) {
	f.cache.Forget(member)
	f.AccessChanges.MemberAccessChanged(ctx, member)
}

type sessionCacheParams struct {
	fx.In
	Lifecycle fx.Lifecycle
	Clock     ports.Clock
	Notices   AccessNotices `optional:"true"`
}

func provideSessionCache(p sessionCacheParams) *SessionCache {
	c := NewSessionCache(p.Clock)
	if p.Notices != nil {
		var stop func()
		p.Lifecycle.Append(fx.Hook{
			OnStart: func(context.Context) error { stop = c.Hear(p.Notices); return nil },
			OnStop:  func(context.Context) error { stop(); return nil },
		})
	}
	return c
}
