package auth

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/config"
	"social/core/domain"
	"social/core/ports"
	"social/core/ports/portstest"
)

// countedSessions is a session store whose answers the test changes, and
// which counts how often it is asked.
type countedSessions struct {
	mu    sync.Mutex
	live  map[string]domain.Role
	asked int
}

func (s *countedSessions) ActiveRole(_ context.Context, sid string, _ domain.UserID) (domain.Role, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked++
	r, ok := s.live[sid]
	return r, ok, nil
}

func (s *countedSessions) set(sid string, role domain.Role, live bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if live {
		s.live[sid] = role
	} else {
		delete(s.live, sid)
	}
}

// heldNotices keeps the callbacks the cache registers, so the test can
// deliver notices as the PostgreSQL listener would.
type heldNotices struct {
	notice func(ports.AccessNotice)
	missed func()
}

func (h *heldNotices) Listen(notice func(ports.AccessNotice), missed func()) func() {
	h.notice, h.missed = notice, missed
	return func() { h.notice, h.missed = nil, nil }
}

type cacheRig struct {
	auth     *Authenticator
	sessions *countedSessions
	cache    *SessionCache
	clock    *portstest.Clock
	notices  *heldNotices
	member   domain.UserID
}

func newCacheRig(t *testing.T) *cacheRig {
	t.Helper()
	r := &cacheRig{
		sessions: &countedSessions{live: map[string]domain.Role{"s1": domain.RoleModerator}},
		clock:    &portstest.Clock{At: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)},
		notices:  &heldNotices{},
		member:   domain.UserID(uuid.New()),
	}
	r.cache = NewSessionCache(r.clock)
	t.Cleanup(r.cache.Hear(r.notices))
	a, err := NewAuthenticator(&config.Config{}, nil, r.sessions, r.cache, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	r.auth = a
	return r
}

// check is the session check of one request, and whether it reached the
// store.
func (r *cacheRig) check(t *testing.T) (domain.Role, bool, bool) {
	t.Helper()
	before := r.sessions.asked
	role, live, err := r.auth.activeRole(context.Background(), "s1", r.member)
	if err != nil {
		t.Fatal(err)
	}
	return role, live, r.sessions.asked > before
}

func TestSessionCacheAnswersRepeatedChecksFromMemory(t *testing.T) {
	r := newCacheRig(t)
	if role, live, asked := r.check(t); !live || role != domain.RoleModerator || !asked {
		t.Fatalf("first check: %q live=%v asked=%v, want the store's moderator", role, live, asked)
	}
	if role, live, asked := r.check(t); !live || role != domain.RoleModerator || asked {
		t.Fatalf("second check: %q live=%v asked=%v, want the cached moderator", role, live, asked)
	}
	r.clock.At = r.clock.At.Add(sessionCacheTTL)
	if _, _, asked := r.check(t); !asked {
		t.Fatal("a check after the TTL was answered from memory")
	}
}

func TestSessionCacheForgetsAMemberWhoseSessionsEndOrWhoseAccessChanges(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(r *cacheRig)
	}{
		{"sessions ended on this node", func(r *cacheRig) {
			forgettingSessionEnds{SessionEnds: nopEnds{}, cache: r.cache}.SessionsEnded(context.Background(), r.member)
		}},
		{"access changed on this node", func(r *cacheRig) {
			forgettingAccessChanges{AccessChanges: nopAccess{}, cache: r.cache}.MemberAccessChanged(context.Background(), r.member)
		}},
		{"another node's notice of ended sessions", func(r *cacheRig) {
			r.notices.notice(ports.AccessNotice{Kind: ports.NoticeSessionsEnded, Member: r.member})
		}},
		{"another node's notice of changed access", func(r *cacheRig) {
			r.notices.notice(ports.AccessNotice{Kind: ports.NoticeMemberAccess, Member: r.member})
		}},
		{"notices missed while the listener was away", func(r *cacheRig) { r.notices.missed() }},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newCacheRig(t)
			r.check(t)
			r.sessions.set("s1", "", false)
			c.change(r)
			if _, live, asked := r.check(t); live || !asked {
				t.Fatalf("after the change: live=%v asked=%v, want the store's answer (ended)", live, asked)
			}
		})
	}
}

func TestSessionCacheKeepsNothingCheckedAcrossAForgetting(t *testing.T) {
	r := newCacheRig(t)
	epoch := r.cache.begin()
	r.cache.Forget(r.member) // the change commits while the check is under way
	r.cache.store(epoch, "s1", r.member, domain.RoleModerator)
	if _, ok := r.cache.lookup("s1", r.member); ok {
		t.Fatal("a check that began before a forgetting was kept")
	}
}

func TestSessionCacheIsOffWhenNothingIsHeard(t *testing.T) {
	r := newCacheRig(t)
	off := NewSessionCache(r.clock)
	a, err := NewAuthenticator(&config.Config{}, nil, r.sessions, off, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		before := r.sessions.asked
		if _, _, err := a.activeRole(context.Background(), "s1", r.member); err != nil {
			t.Fatal(err)
		}
		if r.sessions.asked == before {
			t.Fatalf("check %d was answered from memory by a cache that hears no notices", i+1)
		}
	}
}

type nopEnds struct{}

func (nopEnds) SessionsEnded(context.Context, domain.UserID) {}

type nopAccess struct{}

func (nopAccess) MemberAccessChanged(context.Context, domain.UserID) {}
func (nopAccess) TopicAccessChanged(context.Context, string)         {}

// countedApps is an app token store whose one token the test changes, and
// which counts how often it is asked.
type countedApps struct {
	mu     sync.Mutex
	access ports.AppAccess
	live   bool
	asked  int
}

func (s *countedApps) AppViewer(context.Context, []byte) (ports.AppAccess, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked++
	return s.access, s.live, nil
}

// checkApp is the app token check of one request, and whether it reached
// the store.
func (r *cacheRig) checkApp(t *testing.T, apps *countedApps) (bool, bool) {
	t.Helper()
	before := apps.asked
	v, ok, err := r.auth.appViewer(context.Background(), "app-token")
	if err != nil {
		t.Fatal(err)
	}
	if ok && v != apps.access.Viewer {
		t.Fatalf("viewer %+v, want %+v", v, apps.access.Viewer)
	}
	return ok, apps.asked > before
}

func newAppRig(t *testing.T, expiresIn time.Duration) (*cacheRig, *countedApps) {
	r := newCacheRig(t)
	apps := &countedApps{live: true, access: ports.AppAccess{
		Viewer:    domain.Viewer{UserID: r.member, Role: domain.RoleMember, AppID: "app"},
		ExpiresAt: r.clock.At.Add(expiresIn)}}
	r.auth.AcceptAppTokens(apps)
	return r, apps
}

func TestSessionCacheAnswersAnAppTokenFromMemoryUntilItsExpiry(t *testing.T) {
	r, apps := newAppRig(t, time.Hour)
	if ok, asked := r.checkApp(t, apps); !ok || !asked {
		t.Fatalf("first check: ok=%v asked=%v", ok, asked)
	}
	if ok, asked := r.checkApp(t, apps); !ok || asked {
		t.Fatalf("second check: ok=%v asked=%v, want it from memory", ok, asked)
	}
	r.clock.At = r.clock.At.Add(sessionCacheTTL)
	if _, asked := r.checkApp(t, apps); !asked {
		t.Fatal("a check after the TTL was answered from memory")
	}

	// A token expiring within the TTL is kept until its expiry only.
	r, apps = newAppRig(t, time.Second)
	r.checkApp(t, apps)
	r.clock.At = r.clock.At.Add(time.Second)
	apps.live = false
	if ok, asked := r.checkApp(t, apps); ok || !asked {
		t.Fatalf("after the token's expiry: ok=%v asked=%v, want the store's refusal", ok, asked)
	}
}

func TestSessionCacheForgetsAnAppTokenWhenItsMemberIsNoticed(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(r *cacheRig)
	}{
		{"revoked on this node", func(r *cacheRig) {
			forgettingSessionEnds{SessionEnds: nopEnds{}, cache: r.cache}.SessionsEnded(context.Background(), r.member)
		}},
		{"another node's notice of ended sessions", func(r *cacheRig) {
			r.notices.notice(ports.AccessNotice{Kind: ports.NoticeSessionsEnded, Member: r.member})
		}},
		{"another node's notice of a suspension", func(r *cacheRig) {
			r.notices.notice(ports.AccessNotice{Kind: ports.NoticeMemberAccess, Member: r.member})
		}},
		{"notices missed", func(r *cacheRig) { r.notices.missed() }},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, apps := newAppRig(t, time.Hour)
			r.checkApp(t, apps)
			apps.live = false
			c.change(r)
			if ok, asked := r.checkApp(t, apps); ok || !asked {
				t.Fatalf("after the change: ok=%v asked=%v, want the store's refusal", ok, asked)
			}
		})
	}
}

func TestSessionCacheNeverKeepsATokenOfAnAppAlone(t *testing.T) {
	r, apps := newAppRig(t, time.Hour)
	apps.access.Viewer = domain.Viewer{AppID: "app"}
	r.checkApp(t, apps)
	if _, asked := r.checkApp(t, apps); !asked {
		t.Fatal("a token without a member, which no notice can end, was answered from memory")
	}
	epoch := r.cache.begin()
	r.cache.Forget(r.member)
	r.cache.storeApp(epoch, []byte("h"), ports.AppAccess{Viewer: domain.Viewer{UserID: r.member}, ExpiresAt: r.clock.At.Add(time.Hour)})
	if _, ok := r.cache.lookupApp([]byte("h")); ok {
		t.Fatal("a check that began before a forgetting was kept")
	}
}
