// Package httpapi serves the messages plugin under /api/v1/messages
// (handlers only translate: every rule is in app) and its admin resource.
package httpapi

import (
	"context"
	"time"

	"github.com/google/uuid"

	"social/kit/httpkit"
	"social/plugins/messages/app"
)

// MessageProfile is the other participant of a conversation.
type MessageProfile struct {
	ID             string                `json:"id" format:"uuid"`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url" doc:"A signed link, or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
	IsVerified     bool                  `json:"is_verified"`
}

// ReadMarker is how far a participant has read: every message at or
// before (last_read_at, last_read_id) in (created_at, id) order. Null
// before the participant read anything (the schema says so through "_").
type ReadMarker struct {
	_          struct{}  `nullable:"true"`
	LastReadAt time.Time `json:"last_read_at"`
	LastReadID string    `json:"last_read_id" format:"uuid"`
}

// LastMessage is a conversation's newest message: a app.DirectMessage, or null
// before the first.
type LastMessage struct {
	_              struct{}  `nullable:"true"`
	ID             string    `json:"id" format:"uuid"`
	ConversationID string    `json:"conversation_id" format:"uuid"`
	SenderID       string    `json:"sender_id" format:"uuid"`
	Text           string    `json:"text"`
	CreatedAt      time.Time `json:"created_at"`
}

// Conversation is one conversation as the viewer sees it.
type Conversation struct {
	ID          string         `json:"id" format:"uuid"`
	Peer        MessageProfile `json:"peer" doc:"The other participant."`
	CreatedAt   time.Time      `json:"created_at"`
	LastMessage *LastMessage   `json:"last_message" doc:"The newest message, or null before the first."`
	UnreadCount int            `json:"unread_count" doc:"The viewer's unread messages here."`
	LastRead    *ReadMarker    `json:"last_read" doc:"The viewer's read marker, or null."`
	PeerRead    *ReadMarker    `json:"peer_read" doc:"The other participant's read marker, or null: the viewer's messages it covers were seen."`
	CanSend     bool           `json:"can_send" doc:"False when the other participant takes messages only from members they follow and does not follow the viewer, or when a block keeps the two apart."`
}

// present turns use case results into answers with signed links.
type present struct{ media httpkit.MediaLinks }

func readMarker(k *app.Marker) *ReadMarker {
	if k == nil {
		return nil
	}
	return &ReadMarker{LastReadAt: k.At, LastReadID: k.ID.String()}
}

func (p present) conversation(ctx context.Context, c app.Conversation) Conversation {
	out := Conversation{ID: c.ID.String(), CreatedAt: c.CreatedAt, UnreadCount: c.UnreadCount,
		LastRead: readMarker(c.Read), PeerRead: readMarker(c.PeerRead), CanSend: c.CanSend,
		Peer: MessageProfile{ID: c.Peer.ID.String(), Handle: c.Peer.Handle, DisplayName: c.Peer.DisplayName,
			AvatarURL: p.media.URL(ctx, c.Peer.AvatarPath), AvatarVariants: p.media.PictureCopies(ctx, c.Peer.AvatarPath),
			IsVerified: c.Peer.IsVerified}}
	if c.LastMessage != nil {
		m := *c.LastMessage
		out.LastMessage = &LastMessage{ID: m.ID.String(), ConversationID: m.ConversationID.String(),
			SenderID: m.SenderID.String(), Text: m.Text, CreatedAt: m.CreatedAt}
	}
	return out
}

// ConversationPath is the {id} of a conversation route; a malformed ID is
// not found, like someone else's conversation.
type ConversationPath struct {
	ID string `path:"id" doc:"The conversation's ID."`
}

func (p ConversationPath) id() (uuid.UUID, error) {
	id, err := uuid.Parse(p.ID)
	if err != nil || id.String() != p.ID {
		return uuid.UUID{}, errNotFound
	}
	return id, nil
}
