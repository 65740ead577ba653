package messages_test

import (
	"net/http"
	"testing"

	"social/core/domain"
	at "social/tests/testkit/apptest"
)

// After a block neither member can send; the conversation disappears for
// the blocked member (inbox, reads, badge, reopening it) and the blocker
// keeps reading their history. An unblock gives it back.
func TestBlockEndsTheConversationForTheBlockedMember(t *testing.T) {
	app := at.Start(t, nil)
	ana, bia := app.Member("ana"), app.Member("bia")
	c := start(t, ana, "bia", http.StatusCreated)
	send(t, ana, c.ID, "oi bia")
	send(t, bia, c.ID, "oi ana")
	send(t, ana, c.ID, "tudo bem?")
	if n := unread(t, bia); n != 1 {
		t.Fatalf("bia's unread %d", n)
	}

	ana.Do(http.MethodPost, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)

	// bia, the blocked member, no longer has it.
	base := "/api/v1/messages/conversations/" + c.ID
	var box inbox
	bia.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &box)
	if len(box.Items) != 0 {
		t.Fatalf("bia's inbox %+v", box.Items)
	}
	for _, path := range []string{base, base + "/messages"} {
		at.ExpectProblem(t, bia.Do(http.MethodGet, path, nil), http.StatusNotFound, "conversation_not_found", "Conversa não encontrada.")
	}
	at.ExpectProblem(t, bia.Do(http.MethodPost, base+"/messages", map[string]string{"text": "e aí?"}), http.StatusNotFound, "conversation_not_found", "")
	at.ExpectProblem(t, bia.Do(http.MethodPost, base+"/read", nil), http.StatusNotFound, "conversation_not_found", "")
	at.ExpectProblem(t, bia.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "ana"}),
		http.StatusForbidden, "member_blocked", "Não é possível interagir com este membro.")
	if n := unread(t, bia); n != 0 {
		t.Fatalf("bia's badge counts the hidden conversation: %d", n)
	}

	// ana, the blocker, reads her history and cannot send.
	ana.Do(http.MethodGet, "/api/v1/messages/conversations", nil).Expect(t, http.StatusOK).JSON(t, &box)
	if len(box.Items) != 1 || box.Items[0].CanSend {
		t.Fatalf("ana's inbox %+v", box.Items)
	}
	var got conversation
	ana.Do(http.MethodGet, base, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.CanSend {
		t.Fatal("ana may send across her block")
	}
	var msgs page
	ana.Do(http.MethodGet, base+"/messages", nil).Expect(t, http.StatusOK).JSON(t, &msgs)
	if len(msgs.Items) != 3 {
		t.Fatalf("ana reads %d messages", len(msgs.Items))
	}
	at.ExpectProblem(t, ana.Do(http.MethodPost, base+"/messages", map[string]string{"text": "tchau"}), http.StatusForbidden, "member_blocked", "")
	if again := start(t, ana, "bia", http.StatusOK); again.ID != c.ID || again.CanSend {
		t.Fatalf("ana reopens %+v", again)
	}

	ana.Do(http.MethodDelete, "/api/v1/profiles/bia/block", nil).Expect(t, http.StatusOK)
	bia.Do(http.MethodGet, base, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if !got.CanSend {
		t.Fatal("bia cannot send after the unblock")
	}
	send(t, bia, c.ID, "voltei")
}

// Nobody sends to, or starts a conversation with, a suspended or deleted
// account.
func TestSuspendedAndDeletedAccountsReceiveNothing(t *testing.T) {
	app := at.Start(t, nil)
	ana, rui, eva, leo := app.Member("ana"), app.Member("rui"), app.Member("eva"), app.Member("leo")
	withRui := start(t, ana, "rui", http.StatusCreated)
	send(t, ana, withRui.ID, "oi rui")
	withEva := start(t, ana, "eva", http.StatusCreated)
	send(t, ana, withEva.ID, "oi eva")

	app.Staff("moderadora", domain.RoleModerator).Do(http.MethodPost, "/api/v1/admin/profiles/"+rui.ID+"/suspend",
		map[string]string{"reason": "Spam"}).Expect(t, http.StatusOK)
	eva.Do(http.MethodPost, "/api/v1/account/delete", map[string]string{"password": at.Password}).Expect(t, http.StatusNoContent)

	const suspended = "Esta conta está suspensa e não pode receber mensagens."
	const deleted = "Esta conta foi excluída e não pode receber mensagens."
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/messages/conversations/"+withRui.ID+"/messages", map[string]string{"text": "oi?"}),
		http.StatusForbidden, "recipient_suspended", suspended)
	at.ExpectProblem(t, ana.Do(http.MethodPost, "/api/v1/messages/conversations/"+withEva.ID+"/messages", map[string]string{"text": "oi?"}),
		http.StatusForbidden, "recipient_deleted", deleted)
	at.ExpectProblem(t, leo.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": "rui"}),
		http.StatusForbidden, "recipient_suspended", suspended)
	var got conversation
	ana.Do(http.MethodGet, "/api/v1/messages/conversations/"+withRui.ID, nil).Expect(t, http.StatusOK).JSON(t, &got)
	if got.CanSend {
		t.Fatal("can_send true towards a suspended account")
	}
	var n int
	if err := app.DB.NewRaw(`SELECT count(*) FROM direct_messages`).Scan(t.Context(), &n); err != nil || n != 2 {
		t.Fatalf("%d messages stored (%v), want 2", n, err)
	}
	var convs int
	if err := app.DB.NewRaw(`SELECT count(*) FROM conversations`).Scan(t.Context(), &convs); err != nil || convs != 2 {
		t.Fatalf("%d conversations (%v), want 2", convs, err)
	}
}
