package app

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
)

// ErrNoProfile is a write naming a member without a profile row.
var ErrNoProfile = errors.New("no profile")

// Cursor is the last item of a page: a message (created_at, id) or an
// inbox row (last_message_at, conversation id).
type Cursor struct {
	At time.Time
	ID uuid.UUID
}

// Totals are the unread totals of members after a change.
type Totals map[domain.UserID]int

// Store keeps conversations, their members and messages. Reads of a
// conversation answer domain.ErrNotFound unless the viewer is one of its
// two participants.
type Store interface {
	// CardByHandle reads a member's card (domain.ErrNotFound).
	CardByHandle(ctx context.Context, handle string) (domain.MemberCard, error)
	// CreatePair stores conversation id for the pair unless the pair has
	// one already (a racing start included), with both member rows, and
	// answers the pair's conversation ID. ErrNoProfile when a member has
	// no profile.
	CreatePair(ctx context.Context, id uuid.UUID, a, b domain.UserID, at time.Time) (uuid.UUID, error)
	// PairConversation is the pair's conversation ID (domain.ErrNotFound).
	PairConversation(ctx context.Context, a, b domain.UserID) (uuid.UUID, error)
	// Conversation reads conversation id as viewer sees it.
	Conversation(ctx context.Context, viewer domain.UserID, id uuid.UUID) (Conversation, error)
	// LockConversation takes the conversation row FOR NO KEY UPDATE: every
	// send and read of the conversation holds it, so counts and markers
	// move one change at a time.
	LockConversation(ctx context.Context, id uuid.UUID) error
	// Inbox reads viewer's conversations with a message, latest first,
	// after the cursor, whose peer's handle or name contains query, but
	// those with the members hidden.
	Inbox(ctx context.Context, viewer domain.UserID, query string, hidden []domain.UserID, after *Cursor, limit int) ([]Conversation, error)
	// Messages reads a conversation's messages newest first, before the
	// cursor.
	Messages(ctx context.Context, id uuid.UUID, before *Cursor, limit int) ([]Message, error)
	// LastMessage is the conversation's newest message (domain.ErrNotFound).
	LastMessage(ctx context.Context, id uuid.UUID) (Message, error)
	// InsertMessage stores m, moves both members' last_message_at to it,
	// sets the sender's marker to it and adds one to the recipient's
	// unread count.
	InsertMessage(ctx context.Context, m Message, recipient domain.UserID) error
	// MarkRead sets reader's marker to k and their unread count to 0.
	MarkRead(ctx context.Context, id uuid.UUID, reader domain.UserID, k Marker) error
	// UnreadTotal sums member's unread counts but in the conversations
	// with the members hidden.
	UnreadTotal(ctx context.Context, member domain.UserID, hidden []domain.UserID) (int, error)
	// Standing reads whether a member's account is suspended or deleted
	// (neither receives messages).
	Standing(ctx context.Context, member domain.UserID) (suspended, deleted bool, err error)
	// Settings reads a member's settings (the defaults without a row).
	Settings(ctx context.Context, user domain.UserID) (Settings, error)
	// SaveSettings writes a member's settings; ErrNoProfile without a profile.
	SaveSettings(ctx context.Context, user domain.UserID, s Settings, at time.Time) error
	// Follows reports whether follower follows followee.
	Follows(ctx context.Context, follower, followee domain.UserID) (bool, error)
}
