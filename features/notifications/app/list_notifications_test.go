package app

import (
	"context"
	"errors"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

// The list is the viewer's newest, each titled with the sender's current
// name, with the unread badge; a signed-out visitor is told to sign in.
func TestListNotifications(t *testing.T) {
	ctx := context.Background()
	store := newMem()
	rec := &Recorder{Store: store, Clock: portstest.Clock{At: time.Now()}}
	ana, bia := domain.NewUserID(), domain.NewUserID()
	recordLikes(t, rec, ana, bia, PageSize+2)
	if _, err := rec.Record(ctx, Notice{Recipient: ana, Sender: bia, Type: domain.NotifyFollow}); err != nil {
		t.Fatal(err)
	}
	list := &ListNotifications{Store: store}

	if _, err := list.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	page, err := list.Handle(ctx, domain.Viewer{UserID: ana})
	if err != nil || len(page.Items) != PageSize || page.Unread != PageSize+3 {
		t.Fatalf("page of %d, unread %d: %v", len(page.Items), page.Unread, err)
	}
	sender := "Membro " + bia.String()[:4]
	if first := page.Items[0]; first.Type != domain.NotifyFollow || first.Title != sender+" começou a seguir você" {
		t.Fatalf("newest = %+v", first)
	}
	if page, err := list.Handle(ctx, domain.Viewer{UserID: bia}); err != nil || len(page.Items) != 0 || page.Unread != 0 {
		t.Fatalf("someone else's: %+v %v", page, err)
	}
	store.failing = errors.New("database down")
	if _, err := list.Handle(ctx, domain.Viewer{UserID: ana}); !errors.Is(err, store.failing) {
		t.Fatalf("a failed read: %v", err)
	}
}

// Each kind has its pt-BR title; an unknown kind shows the sender alone.
func TestTitles(t *testing.T) {
	for typ, want := range map[domain.NotificationType]string{
		domain.NotifyLike:    "Bia curtiu seu post",
		domain.NotifyComment: "Bia comentou no seu post",
		domain.NotifyFollow:  "Bia começou a seguir você",
		domain.NotifyMention: "Bia mencionou você em um post",
		"repost":             "Bia",
	} {
		if got := Title(typ, "Bia"); got != want {
			t.Errorf("%s: %q, want %q", typ, got, want)
		}
	}
}

// The badge counts the viewer's unread only.
func TestCountUnread(t *testing.T) {
	ctx := context.Background()
	store := newMem()
	ana := domain.NewUserID()
	if _, err := (&Recorder{Store: store, Clock: portstest.Clock{}}).Record(ctx,
		Notice{Recipient: ana, Sender: domain.NewUserID(), Type: domain.NotifyFollow}); err != nil {
		t.Fatal(err)
	}
	count := &CountUnread{Store: store}
	if _, err := count.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if n, err := count.Handle(ctx, domain.Viewer{UserID: ana}); err != nil || n != 1 {
		t.Fatalf("count = %d %v", n, err)
	}
	store.failing = errors.New("database down")
	if _, err := count.Handle(ctx, domain.Viewer{UserID: ana}); !errors.Is(err, store.failing) {
		t.Fatalf("a failed count: %v", err)
	}
}
