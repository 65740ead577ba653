package app

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports/portstest"
)

// Reading a story, viewing it, listing its viewers and deleting it: the
// author and their followers see it until it expires, anyone else is told
// it does not exist; its viewers and its deletion are the author's alone.
func TestWhoReadsAStory(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	r := newRig(now)
	bia, ana, caio := member(), member(), member()
	r.follow(ana.UserID, bia.UserID)
	s, err := (&CreateStory{r.deps}).Handle(ctx, bia, "Bom dia!")
	if err != nil {
		t.Fatal(err)
	}
	get, view := &GetStory{r.deps}, &ViewStory{r.deps}
	viewers, del := &ListViewers{r.deps}, &DeleteStory{r.deps}
	calls := map[string]func(domain.Viewer, uuid.UUID) error{
		"get":     func(v domain.Viewer, id uuid.UUID) error { _, err := get.Handle(ctx, v, id); return err },
		"view":    func(v domain.Viewer, id uuid.UUID) error { _, err := view.Handle(ctx, v, id); return err },
		"viewers": func(v domain.Viewer, id uuid.UUID) error { _, err := viewers.Handle(ctx, v, id); return err },
		"delete":  func(v domain.Viewer, id uuid.UUID) error { return del.Handle(ctx, v, id) },
	}
	for name, call := range calls {
		if err := call(domain.Viewer{}, s.ID); portstest.CodeOf(err) != CodeUnauthenticated {
			t.Errorf("%s signed out: %v", name, err)
		}
		if err := call(caio, s.ID); portstest.CodeOf(err) != CodeNotFound {
			t.Errorf("%s by a stranger: %v", name, err)
		}
		if err := call(ana, uuid.New()); portstest.CodeOf(err) != CodeNotFound {
			t.Errorf("%s of no story: %v", name, err)
		}
	}
	for _, name := range []string{"viewers", "delete"} {
		if err := calls[name](ana, s.ID); portstest.CodeOf(err) != CodeAuthorOnly {
			t.Errorf("%s by a follower: %v", name, err)
		}
	}
	got, err := get.Handle(ctx, ana, s.ID)
	if err != nil || got.ViewCount != nil || got.Viewed {
		t.Fatalf("a follower reads %+v %v", got, err)
	}

	r.at(now.Add(24 * time.Hour))
	if err := calls["get"](bia, s.ID); portstest.CodeOf(err) != CodeNotFound {
		t.Fatalf("at 24 hours: %v", err)
	}
	r.at(now)
	if err := del.Handle(ctx, bia, s.ID); err != nil || len(r.store.stories) != 0 {
		t.Fatalf("the author deletes: %v", err)
	}
	if evs := r.heard[Topic(ana.UserID)]; len(evs) != 2 || evs[1].Type != EventDeleted {
		t.Fatalf("the follower heard %+v", evs)
	}
}

// A view counts once per member, never the author's; the author hears each
// new one with the count; viewers come latest first without those in a
// block relation with the author.
func TestViewsAndViewers(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	r := newRig(now)
	bia, ana, caio, orphan := member(), member(), member(), member()
	for _, f := range []domain.Viewer{ana, caio, orphan} {
		r.follow(f.UserID, bia.UserID)
	}
	s, err := (&CreateStory{r.deps}).Handle(ctx, bia, "Quem viu?")
	if err != nil {
		t.Fatal(err)
	}
	r.heard[Topic(bia.UserID)] = nil
	view := &ViewStory{r.deps}

	for range 2 {
		got, err := view.Handle(ctx, ana, s.ID)
		if err != nil || !got.Viewed || got.ViewCount != nil {
			t.Fatalf("ana views: %+v %v", got, err)
		}
	}
	if got, err := view.Handle(ctx, bia, s.ID); err != nil || *got.ViewCount != 1 {
		t.Fatalf("the author's own view: %+v %v", got, err)
	}
	r.store.noProf[orphan.UserID] = true
	if _, err := view.Handle(ctx, orphan, s.ID); portstest.CodeOf(err) != CodeNoProfile {
		t.Fatalf("a viewer without a profile: %v", err)
	}
	r.at(now.Add(time.Minute))
	if _, err := view.Handle(ctx, caio, s.ID); err != nil {
		t.Fatal(err)
	}
	evs := r.heard[Topic(bia.UserID)]
	if len(evs) != 2 || evs[0].Data.(ViewedEvent).ViewCount != 1 || evs[1].Data.(ViewedEvent).ViewCount != 2 {
		t.Fatalf("the author heard %+v", evs)
	}

	list, err := (&ListViewers{r.deps}).Handle(ctx, bia, s.ID)
	if err != nil || len(list) != 2 || list[0].Profile.ID != caio.UserID || list[1].Profile.ID != ana.UserID {
		t.Fatalf("viewers %+v %v", list, err)
	}
	r.store.Block(caio.UserID, bia.UserID)
	if list, err := (&ListViewers{r.deps}).Handle(ctx, bia, s.ID); err != nil || len(list) != 1 || list[0].Profile.ID != ana.UserID {
		t.Fatalf("viewers after caio's block: %+v %v", list, err)
	}
}
