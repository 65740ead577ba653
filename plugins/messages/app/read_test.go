package app

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"social/core/domain"
	"social/core/ports/portstest"
)

func clockAt(at time.Time) portstest.Clock { return portstest.Clock{At: at} }

// Reading moves the reader's marker to the newest message and tells both
// sides; reading again with nothing new tells no one.
func TestMarkRead(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	ana, bia, caio := r.store.member("ana"), r.store.member("bia"), r.store.member("caio")
	c := r.started(ana, "bia")
	mark := &MarkRead{r.deps}

	if _, err := mark.Handle(ctx, domain.Viewer{}, c.ID); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if _, err := mark.Handle(ctx, caio, c.ID); portstest.CodeOf(err) != CodeNotFound {
		t.Fatalf("not in it: %v", err)
	}
	if got, err := mark.Handle(ctx, bia, c.ID); err != nil || got.Marker != nil || len(r.heard) != 0 {
		t.Fatalf("an empty conversation: %+v %v", got, err)
	}
	m, err := (&SendMessage{r.deps}).Handle(ctx, ana, c.ID, "oi")
	if err != nil {
		t.Fatal(err)
	}
	got, err := mark.Handle(ctx, bia, c.ID)
	if err != nil || got.Marker == nil || got.Marker.ID != m.ID || got.UnreadCount != 0 {
		t.Fatalf("read: %+v %v", got, err)
	}
	for _, who := range []domain.UserID{ana.UserID, bia.UserID} {
		evs := r.heard[Topic(who)]
		if last := evs[len(evs)-1]; last.Type != EventConversationRead || last.Data.(ReadEvent).ReaderID != bia.UserID.String() {
			t.Errorf("%s heard %+v", who, evs)
		}
	}
	told := len(r.heard[Topic(ana.UserID)])
	if again, err := mark.Handle(ctx, bia, c.ID); err != nil || again.Marker.ID != m.ID || len(r.heard[Topic(ana.UserID)]) != told {
		t.Fatalf("read again: %+v %v", again, err)
	}
}

// Pages of messages newest first with a cursor to the older ones; a cursor
// that is not one of ours is refused.
func TestListMessagesPages(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	ana := r.store.member("ana")
	r.store.member("bia")
	c := r.started(ana, "bia")
	start := time.Date(2026, 7, 1, 9, 0, 0, 0, time.UTC)
	for i := range PageSize + 3 {
		r.deps.Clock = clockAt(start.Add(time.Duration(i) * time.Second))
		if _, err := (&SendMessage{r.deps}).Handle(ctx, ana, c.ID, fmt.Sprint(i)); err != nil {
			t.Fatal(err)
		}
	}
	list := &ListMessages{r.deps}
	first, err := list.Handle(ctx, ana, c.ID, "")
	if err != nil || len(first.Items) != PageSize || first.Items[0].Text != fmt.Sprint(PageSize+2) || first.Next == "" {
		t.Fatalf("first page: %d items, next %q, %v", len(first.Items), first.Next, err)
	}
	rest, err := list.Handle(ctx, ana, c.ID, first.Next)
	if err != nil || len(rest.Items) != 3 || rest.Items[2].Text != "0" || rest.Next != "" {
		t.Fatalf("last page: %+v %v", rest, err)
	}
	for _, bad := range []string{"%%%", "c2VtLWJhcnJh", EncodeCursor(Cursor{})[:10]} {
		if _, err := list.Handle(ctx, ana, c.ID, bad); portstest.CodeOf(err) != CodeInvalid {
			t.Errorf("cursor %q: %v", bad, err)
		}
	}
	if _, err := list.Handle(ctx, domain.Viewer{}, c.ID, ""); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
}

// The inbox: conversations with a message, a query of at most 100
// characters, those with a member who blocks the viewer gone and those
// with a member the viewer blocks kept but closed; the badge counts the
// same conversations.
func TestInboxAndBadge(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	ana, bia, caio := r.store.member("ana"), r.store.member("bia"), r.store.member("caio")
	for _, peer := range []domain.Viewer{bia, caio} {
		c := r.started(peer, "ana")
		if _, err := (&SendMessage{r.deps}).Handle(ctx, peer, c.ID, "oi"); err != nil {
			t.Fatal(err)
		}
	}
	r.started(ana, "bia") // reopening the pair's conversation adds nothing to the inbox
	inbox, badge := &ListConversations{r.deps}, &UnreadCount{r.deps}

	if _, err := inbox.Handle(ctx, domain.Viewer{}, "", ""); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if _, err := badge.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out badge: %v", err)
	}
	got, err := inbox.Handle(ctx, ana, "", "")
	if err != nil || len(got.Items) != 2 || got.Items[0].Peer.ID != caio.UserID || got.Next != "" {
		t.Fatalf("inbox %+v %v", got, err)
	}
	if n, err := badge.Handle(ctx, ana); err != nil || n != 2 {
		t.Fatalf("badge %d %v", n, err)
	}
	long := " " + strings.Repeat("b", MaxQuery+20) + " "
	if _, err := inbox.Handle(ctx, ana, long, ""); err != nil || len([]rune(r.store.inboxQ)) != MaxQuery {
		t.Fatalf("a long query reached the store as %d characters: %v", len([]rune(r.store.inboxQ)), err)
	}

	r.store.Block(caio.UserID, ana.UserID) // caio blocks ana
	r.store.Block(ana.UserID, bia.UserID)  // ana blocks bia
	got, err = inbox.Handle(ctx, ana, "", "")
	if err != nil || len(got.Items) != 1 || got.Items[0].Peer.ID != bia.UserID || got.Items[0].CanSend {
		t.Fatalf("inbox after the blocks %+v %v", got, err)
	}
	if n, err := badge.Handle(ctx, ana); err != nil || n != 1 {
		t.Fatalf("badge after caio's block %d %v", n, err)
	}
	if _, err := (&GetConversation{r.deps}).Handle(ctx, ana, got.Items[0].ID); err != nil {
		t.Fatalf("the blocker keeps reading: %v", err)
	}
}

// Settings are the member's own; without a profile they cannot be saved.
func TestSettings(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	ana, bia := r.store.member("ana"), r.store.member("bia")
	get, update := &GetSettings{r.deps}, &UpdateSettings{r.deps}
	if _, err := get.Handle(ctx, domain.Viewer{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if _, err := update.Handle(ctx, domain.Viewer{}, Settings{}); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out update: %v", err)
	}
	if s, err := get.Handle(ctx, ana); err != nil || s.OnlyFollowing {
		t.Fatalf("default %+v %v", s, err)
	}
	if s, err := update.Handle(ctx, ana, Settings{OnlyFollowing: true}); err != nil || !s.OnlyFollowing {
		t.Fatalf("saved %+v %v", s, err)
	}
	if s, err := get.Handle(ctx, bia); err != nil || s.OnlyFollowing {
		t.Fatalf("another member's setting changed: %+v %v", s, err)
	}
	r.store.noProf[bia.UserID] = true
	if _, err := update.Handle(ctx, bia, Settings{}); portstest.CodeOf(err) != CodeNoProfile {
		t.Fatalf("no profile: %v", err)
	}
}
