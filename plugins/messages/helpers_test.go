package messages_test

import (
	"context"
	"net/http"
	"testing"

	"social/tests/testkit"
	at "social/tests/testkit/apptest"
)

func TestMain(m *testing.M) { testkit.Main(m) }

type marker struct {
	LastReadAt string `json:"last_read_at"`
	LastReadID string `json:"last_read_id"`
}

type message struct {
	ID             string `json:"id"`
	ConversationID string `json:"conversation_id"`
	SenderID       string `json:"sender_id"`
	Text           string `json:"text"`
	CreatedAt      string `json:"created_at"`
}

type conversation struct {
	ID   string `json:"id"`
	Peer struct {
		ID     string `json:"id"`
		Handle string `json:"handle"`
	} `json:"peer"`
	LastMessage *message `json:"last_message"`
	UnreadCount int      `json:"unread_count"`
	LastRead    *marker  `json:"last_read"`
	PeerRead    *marker  `json:"peer_read"`
	CanSend     bool     `json:"can_send"`
}

type inbox struct {
	Items      []conversation `json:"items"`
	NextCursor string         `json:"next_cursor"`
}

type page struct {
	Items      []message `json:"items"`
	NextCursor string    `json:"next_cursor"`
}

func start(t *testing.T, m *at.Member, handle string, status int) conversation {
	t.Helper()
	var c conversation
	m.Do(http.MethodPost, "/api/v1/messages/conversations", map[string]string{"handle": handle}).Expect(t, status).JSON(t, &c)
	return c
}

func send(t *testing.T, m *at.Member, id, text string) message {
	t.Helper()
	var msg message
	m.Do(http.MethodPost, "/api/v1/messages/conversations/"+id+"/messages", map[string]string{"text": text}).
		Expect(t, http.StatusCreated).JSON(t, &msg)
	return msg
}

func unread(t *testing.T, m *at.Member) int {
	t.Helper()
	var out struct {
		UnreadCount int `json:"unread_count"`
	}
	m.Do(http.MethodGet, "/api/v1/messages/unread-count", nil).Expect(t, http.StatusOK).JSON(t, &out)
	return out.UnreadCount
}

func topic(m *at.Member) string { return "messages:" + m.ID }

// stored is what a refused call must leave as it was.
type stored struct {
	Conversations, Members, Messages, Unread int
	Markers                                  string
}

func snapshot(t *testing.T, app *at.App) stored {
	t.Helper()
	var s stored
	err := app.DB.NewRaw(`SELECT (SELECT count(*) FROM conversations), (SELECT count(*) FROM conversation_members),
		(SELECT count(*) FROM direct_messages), (SELECT coalesce(sum(unread_count), 0) FROM conversation_members),
		(SELECT coalesce(string_agg(coalesce(last_read_id::text, '-'), ',' ORDER BY conversation_id, user_id), '')
			FROM conversation_members)`).
		Scan(context.Background(), &s.Conversations, &s.Members, &s.Messages, &s.Unread, &s.Markers)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
