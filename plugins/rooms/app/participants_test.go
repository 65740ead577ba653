package app

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports/portstest"
	"social/kit/plugin/plugintest"
)

// Joining and leaving: a member in a block relation with the host finds no
// room, a banned one is refused, a removed one comes back by joining; a
// repeat changes nothing and tells no one.
func TestJoinAndLeave(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	host, ana, blocked, banned, removed := member(), member(), member(), member(), member()
	id := r.room(host.UserID)
	r.store.Block(host.UserID, blocked.UserID)
	r.store.excluded[Pair{id, banned.UserID}] = true
	r.store.excluded[Pair{id, removed.UserID}] = false
	join, leave := &JoinRoom{r.deps}, &LeaveRoom{r.deps}

	for _, c := range []struct {
		name   string
		viewer domain.Viewer
		room   uuid.UUID
		code   string
	}{
		{"signed out", domain.Viewer{}, id, CodeUnauthenticated},
		{"blocked by the host", blocked, id, CodeNotFound},
		{"banned", banned, id, CodeBanned},
		{"no room", ana, uuid.New(), CodeNotFound},
	} {
		if _, err := join.Handle(ctx, c.viewer, c.room); portstest.CodeOf(err) != c.code {
			t.Errorf("join, %s: %v, want %s", c.name, err, c.code)
		}
	}
	if n, err := join.Handle(ctx, ana, id); err != nil || n != 1 {
		t.Fatalf("ana joins: %d %v", n, err)
	}
	if n, err := join.Handle(ctx, ana, id); err != nil || n != 1 {
		t.Fatalf("ana joins again: %d %v", n, err)
	}
	if n, err := join.Handle(ctx, removed, id); err != nil || n != 2 {
		t.Fatalf("a removed member joins again: %d %v", n, err)
	}
	if _, still := r.store.excluded[Pair{id, removed.UserID}]; still {
		t.Fatal("the removal was not lifted by joining")
	}
	if got := r.heard.Types(Topic(id)); strings.Join(got, ",") != EventParticipantJoined+","+EventParticipantJoined {
		t.Fatalf("room heard %v", got)
	}

	if _, err := leave.Handle(ctx, domain.Viewer{}, id); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("leave signed out: %v", err)
	}
	if _, err := leave.Handle(ctx, ana, uuid.New()); portstest.CodeOf(err) != CodeNotFound {
		t.Fatalf("leave no room: %v", err)
	}
	if n, err := leave.Handle(ctx, ana, id); err != nil || n != 1 {
		t.Fatalf("ana leaves: %d %v", n, err)
	}
	before := len(r.heard[Topic(id)])
	if n, err := leave.Handle(ctx, ana, id); err != nil || n != 1 || len(r.heard[Topic(id)]) != before {
		t.Fatalf("ana leaves again: %d %v", n, err)
	}
}

// The host removes or bans a participant other than themself; the member
// hears it and their sockets are checked again.
func TestRemoveParticipant(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	host, ana, bia, other := member(), member(), member(), member()
	id := r.room(host.UserID)
	for _, v := range []domain.Viewer{ana, bia} {
		if _, err := (&JoinRoom{r.deps}).Handle(ctx, v, id); err != nil {
			t.Fatal(err)
		}
	}
	var rechecked []domain.UserID
	r.deps.Access = accessLog{&rechecked}
	remove := &RemoveParticipant{r.deps}

	for _, c := range []struct {
		name   string
		viewer domain.Viewer
		target domain.UserID
		code   string
	}{
		{"signed out", domain.Viewer{}, ana.UserID, CodeUnauthenticated},
		{"not the host", bia, ana.UserID, CodeHostOnly},
		{"the host", host, host.UserID, CodeCannotRemoveHost},
		{"not in the room", host, other.UserID, CodeNotParticipant},
	} {
		if _, err := remove.Handle(ctx, c.viewer, id, c.target, false); portstest.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if n, err := remove.Handle(ctx, host, id, ana.UserID, false); err != nil || n != 1 {
		t.Fatalf("remove ana: %d %v", n, err)
	}
	if n, err := remove.Handle(ctx, host, id, bia.UserID, true); err != nil || n != 0 {
		t.Fatalf("ban bia: %d %v", n, err)
	}
	if banned, ok := r.store.excluded[Pair{id, ana.UserID}]; !ok || banned {
		t.Fatal("ana is not removed")
	}
	if !r.store.excluded[Pair{id, bia.UserID}] || len(rechecked) != 2 {
		t.Fatalf("bia banned %v, rechecked %v", r.store.excluded[Pair{id, bia.UserID}], rechecked)
	}
	if _, err := (&JoinRoom{r.deps}).Handle(ctx, bia, id); portstest.CodeOf(err) != CodeBanned {
		t.Fatalf("a banned member joins: %v", err)
	}
}

// Chat: 1 to 500 characters, from the host or a participant of a room the
// member may see.
func TestSendRoomMessage(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	host, ana, outsider := member(), member(), member()
	id := r.room(host.UserID)
	if _, err := (&JoinRoom{r.deps}).Handle(ctx, ana, id); err != nil {
		t.Fatal(err)
	}
	send := &SendMessage{r.deps}
	plugintest.CheckRefusals(t, []plugintest.Refusal{
		{Name: "signed out", Viewer: domain.Viewer{}, Text: "oi", Code: CodeUnauthenticated},
		{Name: "blank", Viewer: ana, Text: "  ", Code: CodeMessageEmpty},
		{Name: "501 characters", Viewer: ana, Text: strings.Repeat("é", MaxMessage+1), Code: CodeMessageTooLong},
		{Name: "not in the room", Viewer: outsider, Text: "oi", Code: CodeParticipantsOnly},
	}, func(viewer domain.Viewer, text string) error {
		_, err := send.Handle(ctx, viewer, id, text)
		return err
	})
	for _, v := range []domain.Viewer{ana, host} {
		if m, err := send.Handle(ctx, v, id, " oi "); err != nil || m.Text != "oi" || m.Author.ID != v.UserID {
			t.Fatalf("%s sends: %+v %v", v.UserID, m, err)
		}
	}
	evs := r.heard[Topic(id)]
	if last := evs[len(evs)-1]; last.Type != EventChat || len(last.About) != 1 || last.About[0] != host.UserID {
		t.Fatalf("chat event %+v", last)
	}
	if len(r.store.chat) != 2 {
		t.Fatalf("stored %d messages", len(r.store.chat))
	}
}

// accessLog is a ports.AccessChanges that records whose access changed.
type accessLog struct{ members *[]domain.UserID }

func (a accessLog) MemberAccessChanged(_ context.Context, m domain.UserID) {
	*a.members = append(*a.members, m)
}
func (a accessLog) TopicAccessChanged(context.Context, string) {}
