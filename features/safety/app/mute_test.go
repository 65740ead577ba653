package app

import (
	"context"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// members is an in-memory MuteWriter over handles; it records the mutes.
type members struct {
	ids   map[string]domain.UserID
	mutes map[[2]domain.UserID]bool
}

func (m *members) IDByHandle(_ context.Context, handle string) (domain.UserID, error) {
	return portstest.Lookup(m.ids, handle)
}

func (m *members) Mute(_ context.Context, muter, muted domain.UserID, _ time.Time) (bool, error) {
	key := [2]domain.UserID{muter, muted}
	created := !m.mutes[key]
	m.mutes[key] = true
	return created, nil
}

func (m *members) Unmute(_ context.Context, muter, muted domain.UserID) (bool, error) {
	key := [2]domain.UserID{muter, muted}
	deleted := m.mutes[key]
	delete(m.mutes, key)
	return deleted, nil
}

// accessLog is a ports.AccessChanges that records whose access changed.
type accessLog []domain.UserID

func (a *accessLog) MemberAccessChanged(_ context.Context, member domain.UserID) {
	*a = append(*a, member)
}
func (a *accessLog) TopicAccessChanged(context.Context, string) {}

// A mute: not of oneself, of an existing member, once; the viewer's
// sockets hear of a change and of nothing else.
func TestMuteRules(t *testing.T) {
	ana, bia := domain.NewUserID(), domain.NewUserID()
	store := &members{ids: map[string]domain.UserID{"ana": ana, "bia": bia}, mutes: map[[2]domain.UserID]bool{}}
	var access accessLog
	mute := &MuteMember{Mutes: store, Clock: portstest.Clock{At: time.Now()}, Access: &access}
	unmute := &UnmuteMember{Mutes: store, Access: &access}
	viewer := domain.Viewer{UserID: ana}
	ctx := context.Background()

	if _, err := mute.Handle(ctx, viewer, "@ANA"); portstest.CodeOf(err) != CodeMuteSelf {
		t.Fatalf("muting oneself, under any spelling of the handle: %v", err)
	}
	for _, h := range []string{"carla", "não é handle"} {
		if _, err := mute.Handle(ctx, viewer, h); portstest.CodeOf(err) != CodeNotFound {
			t.Fatalf("%q: %v", h, err)
		}
	}
	if _, err := mute.Handle(ctx, domain.Viewer{}, "bia"); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if len(store.mutes) != 0 || len(access) != 0 {
		t.Fatal("a refused mute reached the store or the sockets")
	}

	out, err := mute.Handle(ctx, viewer, "Bia")
	if err != nil || !out.Muted || !out.Changed || !store.mutes[[2]domain.UserID{ana, bia}] {
		t.Fatalf("first mute: %+v %v", out, err)
	}
	if out, err := mute.Handle(ctx, viewer, "bia"); err != nil || !out.Muted || out.Changed {
		t.Fatalf("a repeat changes nothing: %+v %v", out, err)
	}
	if len(access) != 1 || access[0] != ana {
		t.Fatalf("only the muter's sockets reload, once: %v", access)
	}
	if out, err := unmute.Handle(ctx, viewer, "bia"); err != nil || out.Muted || !out.Changed {
		t.Fatalf("unmute: %+v %v", out, err)
	}
	if out, err := unmute.Handle(ctx, viewer, "bia"); err != nil || out.Changed {
		t.Fatalf("unmuting someone not muted is no error and no change: %+v %v", out, err)
	}
	if len(access) != 2 {
		t.Fatalf("an unmute that changed nothing tells no socket: %v", access)
	}
}
