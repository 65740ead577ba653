package app

import (
	"context"
	"math"
	"testing"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports/portstest"
	moderation "social/features/moderation/app"
)

// Only the host ends a room, or an administrator with a reason (audited);
// an ended room is not found; everyone in it and the list hear of it.
func TestEndRoom(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	host, other := member(), member()
	end, endAsAdmin := &EndRoom{r.deps}, &EndRoomAsAdmin{Rooms: r.deps, Audit: r.store}
	id := r.room(host.UserID)

	if err := end.Handle(ctx, domain.Viewer{}, id); portstest.CodeOf(err) != CodeUnauthenticated {
		t.Fatalf("signed out: %v", err)
	}
	if err := end.Handle(ctx, other, id); portstest.CodeOf(err) != CodeHostOnly {
		t.Fatalf("not the host: %v", err)
	}
	if err := end.Handle(ctx, host, uuid.New()); portstest.CodeOf(err) != CodeNotFound {
		t.Fatalf("no room: %v", err)
	}
	if err := end.Handle(ctx, host, id); err != nil || r.store.rooms[id].IsActive {
		t.Fatalf("the host ends: %v", err)
	}
	if len(r.heard.Types(Topic(id))) != 1 || r.heard.Types(ListTopic)[0] != EventEnded {
		t.Fatalf("heard %v / %v", r.heard.Types(Topic(id)), r.heard.Types(ListTopic))
	}
	if err := end.Handle(ctx, host, id); portstest.CodeOf(err) != CodeNotFound {
		t.Fatalf("ended twice: %v", err)
	}

	id = r.room(host.UserID)
	admin := domain.Viewer{UserID: domain.NewUserID(), Role: domain.RoleAdmin}
	if err := endAsAdmin.Handle(ctx, domain.Viewer{UserID: other.UserID, Role: domain.RoleModerator}, id, "Spam"); portstest.CodeOf(err) != moderation.CodeAdminOnly {
		t.Fatalf("a moderator: %v", err)
	}
	if err := endAsAdmin.Handle(ctx, admin, id, " "); portstest.CodeOf(err) != moderation.CodeReasonRequired {
		t.Fatalf("no reason: %v", err)
	}
	if err := endAsAdmin.Handle(ctx, admin, id, "Conteúdo ilegal"); err != nil || r.store.rooms[id].IsActive {
		t.Fatalf("an administrator ends: %v", err)
	}
	if a := r.store.audit; len(a) != 1 || a[0].Action != "room.end" || *a[0].Reason != "Conteúdo ilegal" || a[0].Details["host_id"] != host.UserID.String() {
		t.Fatalf("audit %+v", a)
	}
}

// The host alone moves a played track, never a live radio; the action is
// play, pause or seek, the position 0 to 24 hours.
func TestControlPlayback(t *testing.T) {
	ctx := context.Background()
	r := newRig()
	host, other := member(), member()
	id := r.room(host.UserID)
	radio := r.room(host.UserID)
	r.store.rooms[radio].TrackSource = SourceRadio
	control := &ControlPlayback{r.deps}

	for _, c := range []struct {
		name     string
		viewer   domain.Viewer
		room     uuid.UUID
		action   string
		position float64
		code     string
	}{
		{"signed out", domain.Viewer{}, id, ActionPlay, 0, CodeUnauthenticated},
		{"not the host", other, id, ActionPlay, 0, CodeHostOnly},
		{"a radio", host, radio, ActionPause, 0, CodeRadioLive},
		{"an unknown action", host, id, "rewind", 0, CodeInvalid},
		{"a negative position", host, id, ActionSeek, -1, CodeInvalid},
		{"past a day", host, id, ActionSeek, 86401, CodeInvalid},
		{"not a number", host, id, ActionSeek, math.NaN(), CodeInvalid},
		{"no room", host, uuid.New(), ActionPlay, 0, CodeNotFound},
	} {
		if _, err := control.Handle(ctx, c.viewer, c.room, c.action, c.position); portstest.CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if len(r.heard) != 0 {
		t.Fatal("a refused control was told")
	}
	for _, step := range []struct {
		action  string
		playing bool
	}{{ActionPlay, true}, {ActionSeek, true}, {ActionPause, false}, {ActionSeek, false}} {
		if _, err := control.Handle(ctx, host, id, step.action, 42); err != nil || r.store.rooms[id].IsPlaying != step.playing ||
			r.store.rooms[id].PositionSeconds != 42 {
			t.Fatalf("%s: %v, playing %v", step.action, err, r.store.rooms[id].IsPlaying)
		}
	}
	if got := r.heard.Types(Topic(id)); len(got) != 4 || got[0] != EventPlayback {
		t.Fatalf("heard %v", got)
	}
}
