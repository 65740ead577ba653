package app

import (
	"context"
	"errors"
	"testing"

	"social/core/domain"
	"social/core/ports/portstest"
)

// Marking read: the viewer's own only (another's is not found and stays
// unread), again without harm, each change announced on the viewer's topic
// with the new count.
func TestMarkRead(t *testing.T) {
	ctx := context.Background()
	store := newMem()
	rec := &Recorder{Store: store, Clock: portstest.Clock{}}
	ana, bia := domain.NewUserID(), domain.NewUserID()
	recordLikes(t, rec, ana, bia, 3)
	first := store.rows[0].ID
	sent := &portstest.Broadcasts{}
	announcer := &Announcer{Counts: store, Broadcaster: sent, Log: quietLog()}
	mark := &MarkRead{Store: store, Announcer: announcer}
	markAll := &MarkAllRead{Store: store, Announcer: announcer}

	if _, err := mark.Handle(ctx, domain.Viewer{}, first); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if _, err := markAll.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out, all: %v", err)
	}
	if _, err := mark.Handle(ctx, domain.Viewer{UserID: bia}, first); portstest.CodeOf(err) != CodeNotFound {
		t.Fatalf("another's: %v", err)
	}
	if len(store.read) != 0 || len(sent.Events) != 0 {
		t.Fatal("a refused mark changed or announced something")
	}

	for range 2 {
		if n, err := mark.Handle(ctx, domain.Viewer{UserID: ana}, first); err != nil || n != 2 {
			t.Fatalf("mark one: %d %v", n, err)
		}
	}
	ev := sent.Events[0]
	data := ev.Data.(map[string]any)
	if sent.Topics[0] != Topic(ana) || ev.Type != EventRead || data["id"] != first.String() || data["unread_count"] != 2 {
		t.Fatalf("announced %v %+v", sent.Topics, ev)
	}

	if n, err := markAll.Handle(ctx, domain.Viewer{UserID: ana}); err != nil || n != 0 {
		t.Fatalf("mark all: %d %v", n, err)
	}
	last := sent.Events[len(sent.Events)-1].Data.(map[string]any)
	if _, named := last["id"]; named || last["unread_count"] != 0 {
		t.Fatalf("read-all announced %v", last)
	}

	store.failing = errors.New("database down")
	if _, err := mark.Handle(ctx, domain.Viewer{UserID: ana}, first); !errors.Is(err, store.failing) || portstest.CodeOf(err) == CodeNotFound {
		t.Fatalf("a failed mark: %v", err)
	}
	if _, err := markAll.Handle(ctx, domain.Viewer{UserID: ana}); !errors.Is(err, store.failing) {
		t.Fatalf("a failed mark of all: %v", err)
	}
}
