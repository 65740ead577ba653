package messages_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// TestConversationLifecycle: start (once per pair, from either side),
// send with live delivery to both participants' topics, unread counts,
// the inbox and the read marker.
func TestConversationLifecycle(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	as, bs := ana.Realtime(t, topic(ana)), bia.Realtime(t, topic(bia))

	c := start(t, ana, "@bia", http.StatusCreated)
	if c.Peer.Handle != "bia" || c.LastMessage != nil || c.UnreadCount != 0 || !c.CanSend {
		t.Fatalf("new conversation %+v", c)
	}
	if again := start(t, ana, "bia", http.StatusOK); again.ID != c.ID {
		t.Fatalf("a second start made %s, want %s", again.ID, c.ID)
	}
	if other := start(t, bia, "ana", http.StatusOK); other.ID != c.ID || other.Peer.Handle != "ana" {
		t.Fatalf("bia's start %+v", other)
	}
	// An empty conversation is not in anyone's inbox yet.
	var box inbox
	bia.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &box)
	if len(box.Items) != 0 {
		t.Fatalf("inbox before any message %+v", box)
	}

	// A refused form stores nothing (its rules: the use case's tests).
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/messages/conversations/"+c.ID+"/messages", map[string]string{"text": " \n\t "}),
		http.StatusUnprocessableEntity, "message_empty", "Digite uma mensagem.")
	first := send(t, ana, c.ID, "  Oi, Bia!  ")
	if first.Text != "Oi, Bia!" || first.SenderID != ana.ID || first.ConversationID != c.ID {
		t.Fatalf("sent %+v", first)
	}
	got := bs.Event(t, "message.created")
	if got["conversation_unread"] != float64(1) || got["unread_count"] != float64(1) ||
		got["message"].(map[string]any)["text"] != "Oi, Bia!" {
		t.Fatalf("bia got %v", got)
	}
	if got := as.Event(t, "message.created"); got["conversation_unread"] != float64(0) || got["unread_count"] != float64(0) {
		t.Fatalf("ana got %v", got)
	}
	second := send(t, ana, c.ID, "Tudo bem?")
	if got := bs.Event(t, "message.created"); got["unread_count"] != float64(2) {
		t.Fatalf("bia got %v", got)
	}
	as.Event(t, "message.created")
	if n := unread(t, bia); n != 2 {
		t.Fatalf("bia's unread %d", n)
	}
	if n := unread(t, ana); n != 0 {
		t.Fatalf("ana's unread %d", n)
	}
	bia.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &box)
	if len(box.Items) != 1 || box.Items[0].UnreadCount != 2 || box.Items[0].LastMessage == nil ||
		box.Items[0].LastMessage.ID != second.ID || box.Items[0].Peer.Handle != "ana" {
		t.Fatalf("bia's inbox %+v", box)
	}
	var msgs page
	bia.Do(http.MethodGet, "/api/v1/messages/conversations/"+c.ID+"/messages", nil).Expect(t, http.StatusOK).JSON(t, &msgs)
	if len(msgs.Items) != 2 || msgs.Items[0].ID != second.ID || msgs.Items[1].ID != first.ID || msgs.NextCursor != "" {
		t.Fatalf("messages %+v", msgs)
	}

	// Bia reads: her count goes to 0, Ana sees the marker on her messages.
	var read struct {
		LastRead    *marker `json:"last_read"`
		UnreadCount int     `json:"unread_count"`
	}
	bia.Do(http.MethodPost, "/api/v1/messages/conversations/"+c.ID+"/read", nil).Expect(t, http.StatusOK).JSON(t, &read)
	if read.UnreadCount != 0 || read.LastRead == nil || read.LastRead.LastReadID != second.ID {
		t.Fatalf("read %+v", read)
	}
	for name, s := range map[string]*at.Socket{"ana": as, "bia": bs} {
		if got := s.Event(t, "conversation.read"); got["reader_id"] != bia.ID || got["last_read_id"] != second.ID ||
			got["unread_count"] != float64(0) {
			t.Fatalf("%s got %v", name, got)
		}
	}
	var seen conversation
	ana.Do(http.MethodGet, "/api/v1/messages/conversations/"+c.ID, nil).Expect(t, http.StatusOK).JSON(t, &seen)
	if seen.PeerRead == nil || seen.PeerRead.LastReadID != second.ID || seen.LastRead == nil || seen.LastRead.LastReadID != second.ID {
		t.Fatalf("ana's view %+v", seen)
	}
	// Reading again with nothing new changes nothing and tells no one: the
	// next event on Ana's socket is Bia's answer.
	before := snapshot(t, app)
	bia.Do(http.MethodPost, "/api/v1/messages/conversations/"+c.ID+"/read", nil).Expect(t, http.StatusOK)
	if after := snapshot(t, app); after != before {
		t.Fatalf("a repeated read changed %+v into %+v", before, after)
	}
	reply := send(t, bia, c.ID, "Tudo ótimo!")
	if got := as.Event(t, "message.created"); got["message"].(map[string]any)["id"] != reply.ID || got["unread_count"] != float64(1) {
		t.Fatalf("ana got %v", got)
	}
	// Sending reads the conversation for the sender.
	if n := unread(t, bia); n != 0 {
		t.Fatalf("bia's unread after replying %d", n)
	}
}

// TestOnlyFollowing: a member who takes messages only from members they
// follow is protected on the start and on every send, checked by the
// server; following lets the other member in, unfollowing shuts them out.
func TestOnlyFollowing(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	var s struct {
		OnlyFollowing bool `json:"only_following"`
	}
	bia.Do(http.MethodGet, "/api/v1/messages/settings", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.OnlyFollowing {
		t.Fatal("only_following on by default")
	}
	bia.Do(http.MethodPut, "/api/v1/messages/settings", map[string]bool{"only_following": true}).Expect(t, http.StatusOK).JSON(t, &s)
	bia.Do(http.MethodGet, "/api/v1/messages/settings", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if !s.OnlyFollowing {
		t.Fatal("setting not kept")
	}
	// Ana's setting is hers: Bia's change did not touch it.
	ana.Do(http.MethodGet, "/api/v1/messages/settings", nil).Expect(t, http.StatusOK).JSON(t, &s)
	if s.OnlyFollowing {
		t.Fatal("ana's setting changed")
	}

	before := snapshot(t, app)
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "bia"}),
		http.StatusForbidden, "messages_restricted", "Esta pessoa só recebe mensagens de quem ela segue.")
	if after := snapshot(t, app); after != before {
		t.Fatalf("a refused start changed %+v into %+v", before, after)
	}
	// Bia may still write to anyone, and Caio's conversation is unaffected
	// by who Bia follows.
	bc := start(t, bia, "caio", http.StatusCreated)
	send(t, bia, bc.ID, "Oi, Caio")
	at.ExpectProblem(t, caio.Do(http.MethodPost, "/api/v1/messages/conversations/"+bc.ID+"/messages", map[string]string{"text": "Oi"}),
		http.StatusForbidden, "messages_restricted", "")

	bia.Do(http.MethodPost, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	c := start(t, ana, "bia", http.StatusCreated)
	if !c.CanSend {
		t.Fatalf("followed member cannot send: %+v", c)
	}
	send(t, ana, c.ID, "Obrigada por me seguir!")
	bia.Do(http.MethodDelete, "/api/v1/profiles/ana/follow", nil).Expect(t, http.StatusOK)
	before = snapshot(t, app)
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/messages/conversations/"+c.ID+"/messages", map[string]string{"text": "Ainda aí?"}),
		http.StatusForbidden, "messages_restricted", "Esta pessoa só recebe mensagens de quem ela segue.")
	if after := snapshot(t, app); after != before {
		t.Fatalf("a refused send changed %+v into %+v", before, after)
	}
	// The conversation stays readable and says why the box is closed.
	ana.Do(http.MethodGet, "/api/v1/messages/conversations/"+c.ID, nil).Expect(t, http.StatusOK).JSON(t, &c)
	if c.CanSend {
		t.Fatalf("can_send after the unfollow: %+v", c)
	}
	if again := start(t, ana, "bia", http.StatusOK); again.ID != c.ID || again.CanSend {
		t.Fatalf("reopening %+v", again)
	}
	// Turning the setting off opens it again.
	bia.Do(http.MethodPut, "/api/v1/messages/settings", map[string]bool{"only_following": false}).Expect(t, http.StatusOK)
	send(t, ana, c.ID, "Voltei")
}

// TestConcurrentStarts: both members of a pair starting at once, many
// times, make one conversation with two member rows.
func TestConcurrentStarts(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	ids := make([]string, 16)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, peer := ana, "bia"
			if i%2 == 1 {
				m, peer = bia, "ana"
			}
			r := m.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": peer})
			if r.Status != http.StatusCreated && r.Status != http.StatusOK {
				t.Errorf("start: %d %s", r.Status, r.Body)
				return
			}
			var c conversation
			r.JSON(t, &c)
			ids[i] = c.ID
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] {
			t.Fatalf("starts answered different conversations: %v", ids)
		}
	}
	if s := snapshot(t, app); s.Conversations != 1 || s.Members != 2 {
		t.Fatalf("stored %+v", s)
	}
}

// TestPagingAndSearch: messages page newest first with a cursor, without
// gaps or repeats, and the inbox filters by the peer's name or handle.
func TestPagingAndSearch(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	joao := app.Member("joao_silva")
	c := start(t, ana, "bia", http.StatusCreated)
	const total = 57
	for i := range total {
		if i > 0 && i%30 == 0 {
			app.Clock.Advance(61 * time.Second) // past the rate limit's window
		}
		send(t, ana, c.ID, fmt.Sprintf("mensagem %02d", i))
	}
	var all []message
	cursor := ""
	for range 5 {
		var p page
		bia.Do(http.MethodGet, "/api/v1/messages/conversations/"+c.ID+"/messages?cursor="+cursor, nil).
			Expect(t, http.StatusOK).JSON(t, &p)
		all = append(all, p.Items...)
		if cursor = p.NextCursor; cursor == "" {
			break
		}
	}
	if len(all) != total {
		t.Fatalf("%d messages over the pages, want %d", len(all), total)
	}
	for i, m := range all {
		if want := fmt.Sprintf("mensagem %02d", total-1-i); m.Text != want {
			t.Fatalf("message %d is %q, want %q", i, m.Text, want)
		}
	}
	at.ExpectProblem(t, bia.Do(http.MethodGet, "/api/v1/messages/conversations/"+c.ID+"/messages?cursor=nao-e-um-cursor", nil),
		http.StatusUnprocessableEntity, "invalid_input", "")
	if n := unread(t, bia); n != total {
		t.Fatalf("bia's unread %d, want %d", n, total)
	}

	app.Clock.Advance(time.Second)
	jc := start(t, joao, "ana", http.StatusCreated)
	send(t, joao, jc.ID, "Olá, Ana")
	for q, want := range map[string]int{"": 2, "bia": 1, "JOAO": 1, "silva": 1, "@joao": 1, "ninguém": 0, "%": 0} {
		var box inbox
		ana.Do(http.MethodGet, "/api/v1/messages/conversations?q="+strings.ReplaceAll(q, "%", "%25"), nil).
			Expect(t, http.StatusOK).JSON(t, &box)
		if len(box.Items) != want {
			t.Fatalf("q=%q: %d conversations, want %d", q, len(box.Items), want)
		}
	}
	var box inbox
	ana.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &box)
	if box.Items[0].ID != jc.ID || box.Items[0].UnreadCount != 1 || box.Items[1].ID != c.ID {
		t.Fatalf("inbox order %+v", box.Items)
	}
}

// TestAdminResource: the console sees who talks and how much, never what
// was said.
func TestAdminResource(t *testing.T) {
	app := at.Start(t, nil)
	ana, _, caio := app.Member("ana"), app.Member("bia"), app.Member("caio")
	c := start(t, ana, "bia", http.StatusCreated)
	send(t, ana, c.ID, "Assunto particular")
	send(t, ana, c.ID, "Outro assunto particular")
	start(t, caio, "ana", http.StatusCreated)

	// Members, even a participant, are refused; an administrator lists.
	ana.Do(http.MethodGet, "/api/v1/admin/conversations?range=[0,9]", nil).Expect(t, http.StatusForbidden)
	admin := app.Staff("chefe", domain.RoleAdmin)
	r := admin.Do(http.MethodGet, "/api/v1/admin/conversations?range=[0,9]", nil).Expect(t, http.StatusOK)
	if strings.Contains(string(r.Body), "particular") {
		t.Fatalf("the admin list shows texts: %s", r.Body)
	}
	var rows []struct {
		ID             string  `json:"id"`
		UserLowHandle  *string `json:"user_low_handle"`
		UserHighHandle *string `json:"user_high_handle"`
		MessageCount   int     `json:"message_count"`
	}
	r.JSON(t, &rows)
	if len(rows) != 2 || r.Header.Get("Content-Range") != "conversations 0-1/2" {
		t.Fatalf("admin list %s (%s)", r.Body, r.Header.Get("Content-Range"))
	}
	admin.Do(http.MethodGet, `/api/v1/admin/conversations?filter={"q":"bia"}`, nil).Expect(t, http.StatusOK).JSON(t, &rows)
	if len(rows) != 1 || rows[0].ID != c.ID || rows[0].MessageCount != 2 {
		t.Fatalf("filtered %+v", rows)
	}
	handles := []string{*rows[0].UserLowHandle, *rows[0].UserHighHandle}
	if !(handles[0] == "ana" && handles[1] == "bia" || handles[0] == "bia" && handles[1] == "ana") {
		t.Fatalf("handles %v", handles)
	}
}
