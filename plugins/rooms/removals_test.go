package rooms_test

import (
	"net/http"
	"testing"

	at "social/tests/testkit/apptest"
)

// previewRoom is host's new room playing a track.
func previewRoom(t *testing.T, host *at.Member, name string) room {
	t.Helper()
	var r room
	host.Do(http.MethodPost, "/api/v1/rooms", map[string]any{"name": name,
		"track_preview_url": "https://audio.example/preview.mp3"}).Expect(t, http.StatusCreated).JSON(t, &r)
	return r
}

// untilRevoked reads s until the gateway ends its subscription to topic,
// and reports the room.participant_removed event seen before.
func untilRevoked(t *testing.T, s *at.Socket, topic string) (removed map[string]any) {
	t.Helper()
	for range 30 {
		msg := s.Next(t)
		if msg.Type == "event" && msg.Event.Type == "room.participant_removed" {
			removed = msg.Event.Data
		}
		if msg.Type == "revoked" && msg.Topic == topic {
			return removed
		}
	}
	t.Fatalf("%s was not revoked", topic)
	return nil
}

func roomIDs(t *testing.T, m *at.Member) map[string]bool {
	t.Helper()
	var list struct{ Items []room }
	m.Do(http.MethodGet, "/api/v1/rooms", nil).Expect(t, http.StatusOK).JSON(t, &list)
	out := map[string]bool{}
	for _, r := range list.Items {
		out[r.ID] = true
	}
	return out
}

// A member in a block relation with a room's host (either way) does not see
// the room and cannot join it, over HTTP or by subscribing; a block made
// while they are in it ends their subscription.
func TestBlockedMemberCannotJoin(t *testing.T) {
	app := start(t)
	host, bia, caio, duda := app.Member("host"), app.Member("bia"), app.Member("caio"), app.Member("duda")
	r := previewRoom(t, host, "Sala do host")
	base, topic := "/api/v1/rooms/"+r.ID, "room:"+r.ID

	host.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/profiles/host/block", nil).Expect(t, http.StatusOK)
	for _, m := range []*at.Member{bia, caio} {
		if roomIDs(t, m)[r.ID] {
			t.Fatalf("%s sees the room of a member in a block relation with them", m.Handle)
		}
		at.ExpectProblem(t, m.Do(http.MethodPost, base+"/join", nil), http.StatusNotFound, "room_not_found", "Sala não encontrada")
		for _, path := range []string{"", "/participants", "/messages"} {
			at.ExpectProblem(t, m.Do(http.MethodGet, base+path, nil), http.StatusNotFound, "room_not_found", "")
		}
		at.ExpectProblem(t, m.Do(http.MethodPost, base+"/messages", map[string]string{"text": "Oi"}), http.StatusNotFound, "room_not_found", "")
		if msg := m.Realtime(t).Subscribe(t, topic); msg.Type != "error" {
			t.Fatalf("%s subscribed to the room: %+v", m.Handle, msg)
		}
	}
	if c, n := count(t, app, r.ID); c != 0 || n != 0 {
		t.Fatalf("count %d rows %d", c, n)
	}
	if !roomIDs(t, duda)[r.ID] {
		t.Fatal("a member without a block does not see the room")
	}

	// duda is in the room when the host blocks her: her subscription ends
	// and she cannot come back.
	ds := duda.Realtime(t, topic)
	duda.Do(http.MethodPost, base+"/join", nil).Expect(t, http.StatusOK)
	host.Do(http.MethodPost, "/api/v1/profiles/duda/block", nil).Expect(t, http.StatusOK)
	untilRevoked(t, ds, topic)
	at.ExpectProblem(t, duda.Do(http.MethodPost, base+"/join", nil), http.StatusNotFound, "room_not_found", "")
}

// Two members in a block relation share a third member's room: neither
// receives the other's chat lines, live or read, nor sees them listed.
func TestBlockedChatIsHiddenBetweenTheTwo(t *testing.T) {
	app := start(t)
	host, ana, bia := app.Member("host"), app.Member("ana"), app.Member("bia")
	r := previewRoom(t, host, "Sala de todos")
	base, topic := "/api/v1/rooms/"+r.ID, "room:"+r.ID
	ana.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	// The host joins by entering, which the gateway does after answering
	// the subscription: wait for it before the others come in.
	hs := host.Realtime(t, topic)
	nextEvent(t, hs, "room.participant_joined")
	as, bs := ana.Realtime(t, topic), bia.Realtime(t, topic)
	for _, m := range []*at.Member{ana, bia} {
		m.Do(http.MethodPost, base+"/join", nil).Expect(t, http.StatusOK)
	}

	bia.Do(http.MethodPost, base+"/messages", map[string]string{"text": "da bia"}).Expect(t, http.StatusCreated)
	ana.Do(http.MethodPost, base+"/messages", map[string]string{"text": "da ana"}).Expect(t, http.StatusCreated)
	host.Do(http.MethodPost, base+"/messages", map[string]string{"text": "do host"}).Expect(t, http.StatusCreated)
	text := func(d map[string]any) string { return d["message"].(map[string]any)["text"].(string) }
	// The blocker's next chat lines are their own and the host's; the
	// blocked member's, the host's only; the host gets all three.
	for _, c := range []struct {
		s    *at.Socket
		want []string
	}{{as, []string{"da ana", "do host"}}, {bs, []string{"da bia", "do host"}}, {hs, []string{"da bia", "da ana", "do host"}}} {
		for _, w := range c.want {
			if got := text(nextEvent(t, c.s, "room.message")); got != w {
				t.Fatalf("chat line %q, want %q", got, w)
			}
		}
	}
	var msgs struct {
		Items []struct {
			Text string `json:"text"`
		} `json:"items"`
	}
	ana.Do(http.MethodGet, base+"/messages", nil).Expect(t, http.StatusOK).JSON(t, &msgs)
	if len(msgs.Items) != 2 || msgs.Items[0].Text != "da ana" || msgs.Items[1].Text != "do host" {
		t.Fatalf("ana reads %+v", msgs.Items)
	}
	var people struct {
		Items []struct {
			UserID string `json:"user_id"`
		} `json:"items"`
	}
	bia.Do(http.MethodGet, base+"/participants", nil).Expect(t, http.StatusOK).JSON(t, &people)
	for _, p := range people.Items {
		if p.UserID == ana.ID {
			t.Fatalf("bia sees ana among the participants: %+v", people.Items)
		}
	}
	if len(people.Items) != 2 {
		t.Fatalf("participants %+v", people.Items)
	}
}

// The host removes a participant (they leave at once and may come back by
// joining again) and bans one (they may not come back); nobody else can.
func TestHostRemovesAndBans(t *testing.T) {
	app := start(t)
	host, part, other := app.Member("host"), app.Member("part"), app.Member("other")
	r := previewRoom(t, host, "Sala")
	base, topic := "/api/v1/rooms/"+r.ID, "room:"+r.ID
	hs := host.Realtime(t, topic)
	nextEvent(t, hs, "room.participant_joined")
	ps := part.Realtime(t, topic)
	nextEvent(t, hs, "room.participant_joined")
	other.Do(http.MethodPost, base+"/join", nil).Expect(t, http.StatusOK)
	nextEvent(t, hs, "room.participant_joined")
	remove, ban := base+"/participants/"+part.ID+"/remove", base+"/participants/"+part.ID+"/ban"

	// Host only; never the host; only a participant.
	const hostOnly = "Apenas o host pode remover ou banir participantes"
	for _, path := range []string{remove, ban} {
		at.ExpectProblem(t, other.Do(http.MethodPost, path, nil), http.StatusForbidden, "room_host_only", hostOnly)
		at.ExpectProblem(t, part.Do(http.MethodPost, base+"/participants/"+other.ID+"/remove", nil), http.StatusForbidden, "room_host_only", hostOnly)
		at.ExpectProblem(t, app.Client().Do(http.MethodPost, path, nil), http.StatusUnauthorized, "unauthenticated", "")
	}
	at.ExpectProblem(t, host.Do(http.MethodPost, base+"/participants/"+host.ID+"/ban", nil), http.StatusUnprocessableEntity, "room_cannot_remove_host", "")
	stranger := app.Member("stranger")
	at.ExpectProblem(t, host.Do(http.MethodPost, base+"/participants/"+stranger.ID+"/remove", nil), http.StatusNotFound, "room_participant_not_found", "")
	at.ExpectProblem(t, host.Do(http.MethodPost, base+"/participants/nope/remove", nil), http.StatusNotFound, "room_participant_not_found", "")
	if c, n := count(t, app, r.ID); c != 3 || n != 3 {
		t.Fatalf("count %d rows %d after refusals", c, n)
	}

	// Remove: out now, the socket's subscription ends, and joining again
	// over HTTP brings them back.
	var c struct {
		ParticipantCount int `json:"participant_count"`
	}
	host.Do(http.MethodPost, remove, nil).Expect(t, http.StatusOK).JSON(t, &c)
	if c.ParticipantCount != 2 {
		t.Fatalf("count %d", c.ParticipantCount)
	}
	if d := nextEvent(t, hs, "room.participant_left"); d["user_id"] != part.ID {
		t.Fatalf("left %v", d)
	}
	if d := untilRevoked(t, ps, topic); d == nil || d["user_id"] != part.ID || d["banned"] != false {
		t.Fatalf("removed %v", d)
	}
	if msg := part.Realtime(t).Subscribe(t, topic); msg.Type != "error" {
		t.Fatalf("a removed member subscribed again without joining: %+v", msg)
	}
	at.ExpectProblem(t, part.Do(http.MethodPost, base+"/messages", map[string]string{"text": "voltei"}), http.StatusForbidden, "room_participants_only", "")
	part.Do(http.MethodGet, base, nil).Expect(t, http.StatusOK)
	part.Do(http.MethodPost, base+"/join", nil).Expect(t, http.StatusOK)
	ps = part.Realtime(t, topic)
	if cc, n := count(t, app, r.ID); cc != 3 || n != 3 {
		t.Fatalf("count %d rows %d after the return", cc, n)
	}

	// Ban: out now and for good.
	host.Do(http.MethodPost, ban, nil).Expect(t, http.StatusOK)
	if d := untilRevoked(t, ps, topic); d == nil || d["banned"] != true {
		t.Fatalf("banned %v", d)
	}
	const banned = "Você foi banido desta sala pelo host."
	at.ExpectProblem(t, part.Do(http.MethodPost, base+"/join", nil), http.StatusForbidden, "room_banned", banned)
	at.ExpectProblem(t, part.Do(http.MethodGet, base, nil), http.StatusForbidden, "room_banned", banned)
	at.ExpectProblem(t, part.Do(http.MethodPost, base+"/messages", map[string]string{"text": "oi"}), http.StatusForbidden, "room_banned", banned)
	if msg := part.Realtime(t).Subscribe(t, topic); msg.Type != "error" {
		t.Fatalf("a banned member subscribed again: %+v", msg)
	}
	if roomIDs(t, part)[r.ID] {
		t.Fatal("a banned member still sees the room listed")
	}
	if cc, n := count(t, app, r.ID); cc != 2 || n != 2 {
		t.Fatalf("count %d rows %d after the ban", cc, n)
	}
	// The others are untouched.
	other.Do(http.MethodPost, base+"/messages", map[string]string{"text": "ainda aqui"}).Expect(t, http.StatusCreated)
}
