package app

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/ports"
	safety "social/features/safety/app"
)

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
	Peer        domain.MemberCard
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
	// Safety, when set, applies blocks (the safety feature's contract):
	// nobody sends across a block, whichever of the two blocked; the
	// blocked member loses the conversation (not found, out of the inbox
	// and the unread badge), the blocker keeps reading it.
	Safety safety.Relations
	// Pushes, when set, pushes each message to the recipient's devices
	// (the push feature), in the transaction that stores it.
	Pushes Pusher
}

// member reads the viewer's view of conversation id; a conversation they
// are not in is notFound, like one that does not exist, and so is one
// whose peer blocks the viewer.
func (m *Messages) member(ctx context.Context, viewer domain.UserID, id uuid.UUID) (Conversation, error) {
	c, err := m.Store.Conversation(ctx, viewer, id)
	if err == domain.ErrNotFound {
		return Conversation{}, notFound()
	}
	if err != nil || m.Safety == nil {
		return c, err
	}
	blockers, err := m.Safety.BlockersOf(ctx, viewer)
	if err != nil {
		return Conversation{}, fmt.Errorf("blockers of %s: %w", viewer, err)
	}
	if slices.Contains(blockers, c.Peer.ID) {
		return Conversation{}, notFound()
	}
	one := []Conversation{c}
	if err := m.unlessBlocked(ctx, viewer, one); err != nil {
		return Conversation{}, err
	}
	return one[0], nil
}

// unlessBlocked sets CanSend false in the conversations (viewer's) whose
// peer is in a block relation with viewer.
func (m *Messages) unlessBlocked(ctx context.Context, viewer domain.UserID, cs []Conversation) error {
	if m.Safety == nil || len(cs) == 0 {
		return nil
	}
	peers := make([]domain.UserID, len(cs))
	for i, c := range cs {
		peers[i] = c.Peer.ID
	}
	blocked, err := safety.BlockedSet(ctx, m.Safety, viewer, peers)
	if err != nil {
		return fmt.Errorf("blocks of %s: %w", viewer, err)
	}
	for i := range cs {
		if blocked[cs[i].Peer.ID] {
			cs[i].CanSend = false
		}
	}
	return nil
}

// hiddenPeers are the members whose conversations viewer no longer has:
// those who block viewer.
func (m *Messages) hiddenPeers(ctx context.Context, viewer domain.UserID) ([]domain.UserID, error) {
	if m.Safety == nil {
		return nil, nil
	}
	ids, err := m.Safety.BlockersOf(ctx, viewer)
	if err != nil {
		return nil, fmt.Errorf("blockers of %s: %w", viewer, err)
	}
	return ids, nil
}

// totals are each member's unread messages over the conversations they
// still have.
func (m *Messages) totals(ctx context.Context, members ...domain.UserID) (Totals, error) {
	out := Totals{}
	for _, member := range members {
		hidden, err := m.hiddenPeers(ctx, member)
		if err != nil {
			return nil, err
		}
		if out[member], err = m.Store.UnreadTotal(ctx, member, hidden); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// now is the clock at PostgreSQL's precision, so answers equal later reads.
func (m *Messages) now() time.Time { return m.Clock.Now().UTC().Truncate(time.Microsecond) }
