package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
)

// Profile is the part of a member's profile shown with conversations.
type Profile struct {
	ID          domain.UserID
	Handle      string
	DisplayName string
	AvatarPath  *string
	IsVerified  bool
}

// Message is one direct message.
type Message struct {
	ID             uuid.UUID
	ConversationID uuid.UUID
	SenderID       domain.UserID
	Text           string
	CreatedAt      time.Time
}

// Marker is how far a participant has read: the newest message they had
// when they last read (nil before any read).
type Marker struct {
	At time.Time
	ID uuid.UUID
}

// Covers reports whether m is at or before the marker.
func (k *Marker) Covers(m Message) bool {
	if k == nil {
		return false
	}
	if !m.CreatedAt.Equal(k.At) {
		return m.CreatedAt.Before(k.At)
	}
	return m.ID.String() <= k.ID.String()
}

// Conversation is a conversation as one participant (the viewer) sees it.
type Conversation struct {
	ID          uuid.UUID
	Peer        Profile
	CreatedAt   time.Time
	LastMessage *Message
	// UnreadCount is the viewer's unread messages here.
	UnreadCount int
	// Read is the viewer's marker, PeerRead the other participant's.
	Read, PeerRead *Marker
	// CanSend is whether the peer's setting lets the viewer write now.
	CanSend bool
}

// Settings are a member's choices about who may message them.
type Settings struct {
	// OnlyFollowing: only members they follow may message them.
	OnlyFollowing bool
}

// Messages are the dependencies the use cases share.
type Messages struct {
	Tx          ports.Transactor
	Store       Store
	Clock       ports.Clock
	Broadcaster ports.Broadcaster
	Limiter     ports.RateLimiter
	Log         *slog.Logger
	// Blocks, when set, refuses messages between members a block keeps
	// apart, whichever of them blocked.
	Blocks ports.Blocks
}

// member reads the viewer's view of conversation id; a conversation they
// are not in is notFound, like one that does not exist.
func (m *Messages) member(ctx context.Context, viewer domain.UserID, id uuid.UUID) (Conversation, error) {
	c, err := m.Store.Conversation(ctx, viewer, id)
	if err == domain.ErrNotFound {
		return Conversation{}, notFound()
	}
	return c, err
}

// now is the clock at PostgreSQL's precision, so answers equal later reads.
func (m *Messages) now() time.Time { return m.Clock.Now().UTC().Truncate(time.Microsecond) }
