package app

import (
	"context"
	"time"

	"social/core/domain"
	"social/core/ports"
)

// TopicPrefix begins every member's messages topic: messages:{user id},
// which only that member may follow.
const TopicPrefix = "messages:"

// Topic is member id's messages topic: everything about their
// conversations goes there and nowhere else.
func Topic(id domain.UserID) string { return TopicPrefix + id.String() }

// Events on messages:{id}.
const (
	EventMessageCreated   = "message.created"
	EventConversationRead = "conversation.read"
)

// DirectMessage is a message in events, as in the HTTP answers.
type DirectMessage struct {
	ID             string    `json:"id" format:"uuid"`
	ConversationID string    `json:"conversation_id" format:"uuid"`
	SenderID       string    `json:"sender_id" format:"uuid"`
	Text           string    `json:"text"`
	CreatedAt      time.Time `json:"created_at"`
}

// EventMessageOf presents m.
func EventMessageOf(m Message) DirectMessage {
	return DirectMessage{ID: m.ID.String(), ConversationID: m.ConversationID.String(), SenderID: m.SenderID.String(),
		Text: m.Text, CreatedAt: m.CreatedAt}
}

// CreatedEvent is the data of message.created; the counts are the topic
// owner's (0 in the conversation for its sender, who has read it).
type CreatedEvent struct {
	ConversationID     string        `json:"conversation_id"`
	Message            DirectMessage `json:"message"`
	ConversationUnread int           `json:"conversation_unread"`
	UnreadCount        int           `json:"unread_count"`
}

// ReadEvent is the data of conversation.read: reader_id's marker moved to
// (last_read_at, last_read_id); unread_count is the topic owner's total.
type ReadEvent struct {
	ConversationID string    `json:"conversation_id"`
	ReaderID       string    `json:"reader_id"`
	LastReadAt     time.Time `json:"last_read_at"`
	LastReadID     string    `json:"last_read_id"`
	UnreadCount    int       `json:"unread_count"`
}

// publish tells member to's topic; a failure only costs live updates
// (clients resync over HTTP), so it is logged.
func (m *Messages) publish(ctx context.Context, to domain.UserID, event string, data any) {
	if err := m.Broadcaster.Publish(ctx, Topic(to), ports.Event{Type: event, Data: data}); err != nil {
		m.Log.WarnContext(ctx, "publish "+event, "user", to.String(), "err", err)
	}
}
