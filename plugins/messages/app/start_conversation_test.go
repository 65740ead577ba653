package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
	safety "social/features/safety/app"
)

// Starting: a known member other than oneself, whom no block or standing
// or setting keeps closed; the pair's conversation is reused.
func TestStartConversationRules(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	ana, bia := r.store.member("ana"), r.store.member("bia")
	caio, duda := r.store.member("caio"), r.store.member("duda")
	eva, fabi, gil := r.store.member("eva"), r.store.member("fabi"), r.store.member("gil")
	r.store.blocks[[2]domain.UserID{caio.UserID, ana.UserID}] = true // caio blocks ana
	r.store.blocks[[2]domain.UserID{ana.UserID, duda.UserID}] = true // ana blocks duda
	r.store.suspended[eva.UserID] = true
	r.store.deleted[fabi.UserID] = true
	r.store.settings[gil.UserID] = Settings{OnlyFollowing: true}
	start := &StartConversation{r.deps}

	for _, c := range []struct {
		name   string
		viewer domain.Viewer
		handle string
		code   string
	}{
		{"signed out", domain.Viewer{}, "bia", CodeUnauthenticated},
		{"unknown", ana, "ninguem", CodeProfileNotFound},
		{"oneself", ana, " @ana ", CodeSelf},
		{"blocked by the peer", ana, "caio", safety.CodeBlocked},
		{"blocking the peer", ana, "duda", safety.CodeBlocked},
		{"a suspended peer", ana, "eva", CodeSuspended},
		{"a deleted peer", ana, "fabi", CodeDeleted},
		{"a peer taking messages from their follows only", ana, "gil", CodeRestricted},
	} {
		if _, _, err := start.Handle(ctx, c.viewer, c.handle); portstest.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if len(r.store.convs) != 0 {
		t.Fatal("a refused start made a conversation")
	}

	c, fresh, err := start.Handle(ctx, ana, "@bia")
	if err != nil || !fresh || c.Peer.ID != bia.UserID || !c.CanSend {
		t.Fatalf("new: %+v %v %v", c, fresh, err)
	}
	again, fresh, err := start.Handle(ctx, bia, "ana")
	if err != nil || fresh || again.ID != c.ID || again.Peer.ID != ana.UserID {
		t.Fatalf("the other side reopens: %+v %v %v", again, fresh, err)
	}
	r.store.follows[[2]domain.UserID{gil.UserID, ana.UserID}] = true
	if _, fresh, err := start.Handle(ctx, ana, "gil"); err != nil || !fresh {
		t.Fatalf("followed by gil: %v", err)
	}
	hana := r.store.member("hana")
	r.store.noProf[hana.UserID] = true
	if _, _, err := start.Handle(ctx, hana, "bia"); portstest.CodeOf(err) != CodeNoProfile {
		t.Fatalf("without a profile: %v", err)
	}
}
