package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports/portstest"
	notifications "social/features/notifications/app"
	profiles "social/features/profiles/app"
	safety "social/features/safety/app"
)

// graph is an in-memory FollowWriter: members by handle, the follows, and
// the pairs a block keeps apart.
type graph struct {
	ids     map[string]domain.UserID
	follows map[[2]domain.UserID]bool
	blocked map[[2]domain.UserID]bool
	noActor map[domain.UserID]bool // members without a profile row
}

func (g *graph) IDByHandle(_ context.Context, handle string) (domain.UserID, error) {
	return portstest.Lookup(g.ids, handle)
}

func (g *graph) Follow(_ context.Context, f domain.Follow) (bool, int, error) {
	switch {
	case g.noActor[f.FollowerID]:
		return false, 0, ErrNoFollowerProfile
	case g.blocked[[2]domain.UserID{f.FollowerID, f.FollowingID}] || g.blocked[[2]domain.UserID{f.FollowingID, f.FollowerID}]:
		return false, 0, ErrBlocked
	}
	key := [2]domain.UserID{f.FollowerID, f.FollowingID}
	created := !g.follows[key]
	g.follows[key] = true
	return created, len(g.follows), nil
}

func (g *graph) Unfollow(_ context.Context, follower, following domain.UserID) (bool, int, error) {
	key := [2]domain.UserID{follower, following}
	deleted := g.follows[key]
	delete(g.follows, key)
	return deleted, len(g.follows), nil
}

// queue records the timeline jobs asked for.
type queue struct{ backfills, removals int }

func (q *queue) EnqueueBackfill(context.Context, domain.UserID, domain.UserID) error {
	q.backfills++
	return nil
}
func (q *queue) EnqueueRemoveAuthor(context.Context, domain.UserID, domain.UserID) error {
	q.removals++
	return nil
}

// noticeStore is a notifications.Writer that keeps nothing.
type noticeStore struct{ inserted int }

func (n *noticeStore) Insert(context.Context, domain.Notification) (bool, error) {
	n.inserted++
	return false, nil
}

func (n *noticeStore) Retract(context.Context, domain.UserID, domain.UserID, domain.NotificationType, *domain.PostID) ([]domain.NotificationID, error) {
	return nil, nil
}

// Who may follow whom: not oneself, not across a block, not without a
// profile; a follow is made once, and only a new one fills the timeline
// and notifies.
func TestFollowRules(t *testing.T) {
	ana, bia, caio, dora := domain.NewUserID(), domain.NewUserID(), domain.NewUserID(), domain.NewUserID()
	g := &graph{
		ids:     map[string]domain.UserID{"ana": ana, "bia": bia, "caio": caio, "dora": dora},
		follows: map[[2]domain.UserID]bool{},
		blocked: map[[2]domain.UserID]bool{{caio, ana}: true},
		noActor: map[domain.UserID]bool{dora: true},
	}
	q, notices := &queue{}, &noticeStore{}
	clock := portstest.Clock{At: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	uc := &FollowMember{Tx: portstest.InlineTx{}, Follows: g, Timelines: q, Notices: &notifications.Recorder{Store: notices, Clock: clock},
		Announcer: &notifications.Announcer{}, Clock: clock}
	ctx := context.Background()
	asAna := domain.Viewer{UserID: ana}

	for _, tc := range []struct {
		viewer domain.Viewer
		handle string
		kind   errs.Kind
		code   string
	}{
		{asAna, "@Ana", errs.KindInvalid, CodeSelf},
		{asAna, "caio", errs.KindForbidden, safety.CodeBlocked}, // caio blocked ana: the block holds both ways
		{domain.Viewer{UserID: caio}, "ana", errs.KindForbidden, safety.CodeBlocked},
		{domain.Viewer{UserID: dora}, "ana", errs.KindForbidden, CodeNoProfile},
		{asAna, "ninguem", errs.KindNotFound, profiles.CodeNotFound},
		{domain.Viewer{}, "bia", errs.KindUnauthenticated, CodeUnauthenticated},
	} {
		_, err := uc.Handle(ctx, tc.viewer, tc.handle)
		if kind, code := portstest.KindAndCode(err); kind != tc.kind || code != tc.code {
			t.Fatalf("%s follows %q: %v, want %s", tc.viewer.UserID, tc.handle, err, tc.code)
		}
	}
	if len(g.follows) != 0 || q.backfills != 0 || notices.inserted != 0 {
		t.Fatal("a refused follow left something behind")
	}

	out, err := uc.Handle(ctx, asAna, "bia")
	if err != nil || !out.Following || !out.Changed || out.FollowerID != ana || out.FollowingID != bia {
		t.Fatalf("first follow: %+v %v", out, err)
	}
	if out, err := uc.Handle(ctx, asAna, "BIA"); err != nil || !out.Following || out.Changed {
		t.Fatalf("a repeat is the same follow: %+v %v", out, err)
	}
	if q.backfills != 1 || notices.inserted != 1 {
		t.Fatalf("only the new follow fills the timeline and notifies: %d backfills, %d notices", q.backfills, notices.inserted)
	}
}

// Unfollowing is never refused for a block (it only ends something) and
// unfollowing someone not followed changes nothing.
func TestUnfollowRules(t *testing.T) {
	ana, bia := domain.NewUserID(), domain.NewUserID()
	g := &graph{ids: map[string]domain.UserID{"ana": ana, "bia": bia},
		follows: map[[2]domain.UserID]bool{{ana, bia}: true}, blocked: map[[2]domain.UserID]bool{}}
	q := &queue{}
	uc := &UnfollowMember{Tx: portstest.InlineTx{}, Follows: g, Timelines: q,
		Notices: &notifications.Recorder{Store: &noticeStore{}, Clock: portstest.Clock{At: time.Now()}}, Announcer: &notifications.Announcer{}}
	ctx := context.Background()
	if _, err := uc.Handle(ctx, domain.Viewer{UserID: ana}, "ana"); !isCode(err, CodeSelf) {
		t.Fatalf("unfollowing oneself: %v", err)
	}
	if out, err := uc.Handle(ctx, domain.Viewer{UserID: ana}, "bia"); err != nil || out.Following || !out.Changed {
		t.Fatalf("unfollow: %+v %v", out, err)
	}
	if out, err := uc.Handle(ctx, domain.Viewer{UserID: ana}, "bia"); err != nil || out.Changed {
		t.Fatalf("again: %+v %v", out, err)
	}
	if q.removals != 1 {
		t.Fatalf("only the real unfollow empties the timeline: %d", q.removals)
	}
}

func isCode(err error, code string) bool {
	_, c := portstest.KindAndCode(err)
	return c == code
}
