package app

import (
	"context"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
	safety "social/features/safety/app"
	"social/kit/plugin/plugintest"
)

// Starting: a known member other than oneself, whom no block or standing
// or setting keeps closed; the pair's conversation is reused.
func TestStartConversationRules(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	ana, bia := r.store.member("ana"), r.store.member("bia")
	caio, duda := r.store.member("caio"), r.store.member("duda")
	eva, fabi, gil := r.store.member("eva"), r.store.member("fabi"), r.store.member("gil")
	r.store.Block(caio.UserID, ana.UserID) // caio blocks ana
	r.store.Block(ana.UserID, duda.UserID) // ana blocks duda
	r.store.suspended[eva.UserID] = true
	r.store.deleted[fabi.UserID] = true
	r.store.settings[gil.UserID] = Settings{OnlyFollowing: true}
	start := &StartConversation{r.deps}

	plugintest.CheckRefusals(t, []plugintest.Refusal{
		{Name: "signed out", Viewer: domain.Viewer{}, Text: "bia", Code: CodeUnauthenticated},
		{Name: "unknown", Viewer: ana, Text: "ninguem", Code: CodeProfileNotFound},
		{Name: "oneself", Viewer: ana, Text: " @ana ", Code: CodeSelf},
		{Name: "blocked by the peer", Viewer: ana, Text: "caio", Code: safety.CodeBlocked},
		{Name: "blocking the peer", Viewer: ana, Text: "duda", Code: safety.CodeBlocked},
		{Name: "a suspended peer", Viewer: ana, Text: "eva", Code: CodeSuspended},
		{Name: "a deleted peer", Viewer: ana, Text: "fabi", Code: CodeDeleted},
		{Name: "a peer taking messages from their follows only", Viewer: ana, Text: "gil", Code: CodeRestricted},
	}, func(viewer domain.Viewer, text string) error {
		_, _, err := start.Handle(ctx, viewer, text)
		return err
	})
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
