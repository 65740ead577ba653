package messages_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	at "social/tests/testkit/apptest"
)

// TestPrivacy runs every conversation path as each participant, a third
// member and someone signed out: the participants get the answer, the
// third member the same 404 as a conversation that does not exist (also
// with a malformed ID), anonymous 401; refusals change nothing.
func TestPrivacy(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	anon := app.Client()
	c := start(t, ana, "bia", http.StatusCreated)
	send(t, ana, c.ID, "Oi, Bia!")
	base := "/api/v1/messages/conversations/"

	type call struct {
		name         string
		method, path string
		body         any
		okStatus     int
	}
	calls := []call{
		{"get", http.MethodGet, base + c.ID, nil, http.StatusOK},
		{"messages", http.MethodGet, base + c.ID + "/messages", nil, http.StatusOK},
		{"send", http.MethodPost, base + c.ID + "/messages", map[string]string{"text": "Olá"}, http.StatusCreated},
		{"read", http.MethodPost, base + c.ID + "/read", nil, http.StatusOK},
	}
	for _, k := range calls {
		t.Run(k.name, func(t *testing.T) {
			before := snapshot(t, app)
			at.ExpectProblem(t, caio.Do(k.method, k.path, k.body), http.StatusNotFound, "conversation_not_found", "Conversa não encontrada.")
			at.ExpectProblem(t, anon.Do(k.method, k.path, k.body), http.StatusUnauthorized, "unauthenticated", "")
			// Someone else's conversation answers like one that does not
			// exist, and like a malformed ID.
			for _, other := range []string{"0199a0a0-0000-7000-8000-000000000000", "nao-existe"} {
				p := strings.Replace(k.path, c.ID, other, 1)
				at.ExpectProblem(t, caio.Do(k.method, p, k.body), http.StatusNotFound, "conversation_not_found", "")
				at.ExpectProblem(t, ana.Do(k.method, p, k.body), http.StatusNotFound, "conversation_not_found", "")
				at.ExpectProblem(t, anon.Do(k.method, p, k.body), http.StatusUnauthorized, "unauthenticated", "")
			}
			if after := snapshot(t, app); after != before {
				t.Fatalf("a refused call changed %+v into %+v", before, after)
			}
			ana.Do(k.method, k.path, k.body).Expect(t, k.okStatus)
			bia.Do(k.method, k.path, k.body).Expect(t, k.okStatus)
		})
	}

	// The inbox, unread count and settings are the viewer's own: a third
	// member sees none of the pair's conversation; anonymous 401.
	var box inbox
	caio.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &box)
	if len(box.Items) != 0 || unread(t, caio) != 0 {
		t.Fatalf("third member's inbox %+v", box)
	}
	for _, path := range []string{"/api/v1/messages/conversations", "/api/v1/messages/unread-count", "/api/v1/messages/settings"} {
		at.ExpectProblem(t, anon.Do(http.MethodGet, path, nil), http.StatusUnauthorized, "unauthenticated", "")
	}
	at.ExpectProblem(t, anon.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "bia"}),
		http.StatusUnauthorized, "unauthenticated", "")
	at.ExpectProblem(t, anon.Do(http.MethodPut, "/api/v1/messages/settings", map[string]bool{"only_following": true}),
		http.StatusUnauthorized, "unauthenticated", "")
}

// TestRealtimePrivacy: each member's topic admits only that member, and
// the pair's events reach nobody else.
func TestRealtimePrivacy(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia, caio, davi := app.Member("ana"), app.Member("bia"), app.Member("caio"), app.Member("davi")

	cs := caio.Realtime(t, topic(caio))
	for _, other := range []string{topic(ana), topic(bia), "messages:" + strings.ToUpper(ana.ID), "messages:nao-existe"} {
		if msg := cs.Subscribe(t, other); msg.Type != "error" || msg.Code != "topic_forbidden" {
			t.Fatalf("subscribe %s as a third member: %+v", other, msg)
		}
	}
	// Without a session there is no socket at all.
	u := "ws" + strings.TrimPrefix(app.URL, "http") + "/api/v1/realtime"
	_, resp, err := (&websocket.Dialer{HandshakeTimeout: 5 * time.Second}).Dial(u, nil)
	if err == nil || resp == nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("anonymous socket: %v %v", err, resp)
	}

	bs := bia.Realtime(t, topic(bia))
	c := start(t, ana, "bia", http.StatusCreated)
	sent := send(t, ana, c.ID, "Segredo")
	got := bs.Event(t, "message.created")
	if got["conversation_id"] != c.ID || got["message"].(map[string]any)["id"] != sent.ID {
		t.Fatalf("bia got %v", got)
	}
	// Caio's next event is the one meant for him: nothing of the pair's
	// conversation came before it.
	dc := start(t, davi, "caio", http.StatusCreated)
	send(t, davi, dc.ID, "Oi, Caio")
	got = cs.Event(t, "message.created")
	if got["conversation_id"] != dc.ID || got["message"].(map[string]any)["text"] != "Oi, Caio" {
		t.Fatalf("caio got %v", got)
	}
	bia.Do(http.MethodPost, "/api/v1/messages/conversations/"+c.ID+"/read", nil).Expect(t, http.StatusOK)
	caio.Do(http.MethodPost, "/api/v1/messages/conversations/"+dc.ID+"/read", nil).Expect(t, http.StatusOK)
	if got := cs.Event(t, "conversation.read"); got["conversation_id"] != dc.ID || got["reader_id"] != caio.ID {
		t.Fatalf("caio got %v", got)
	}
}
