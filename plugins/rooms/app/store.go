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

// Pair is one member in one room.
type Pair struct {
	RoomID uuid.UUID
	UserID domain.UserID
}

// Store keeps rooms, participants and messages. Reads of a missing room
// answer domain.ErrNotFound. lock takes the room row FOR NO KEY UPDATE
// inside a transaction: every change of a room's participants, state or
// count holds it.
type Store interface {
	// InsertRoom stores r; ErrNoProfile when the host has no profile.
	InsertRoom(ctx context.Context, r Room) error
	// Room reads one room (active or not) with its host.
	Room(ctx context.Context, id uuid.UUID, lock bool) (Room, error)
	// ActiveRooms reads at most limit active rooms, newest first.
	ActiveRooms(ctx context.Context, limit int) ([]Room, error)
	// End sets is_active false, ended_at and updated_at to at, removes the
	// participants and sets participant_count to 0.
	End(ctx context.Context, id uuid.UUID, at time.Time) error
	// SetTrackImagePath records the key of the copy of the room's picture.
	SetTrackImagePath(ctx context.Context, id uuid.UUID, key string) error
	// SetPlayback writes the playback state.
	SetPlayback(ctx context.Context, id uuid.UUID, playing bool, position float64, at time.Time) error

	// AddParticipant inserts the pair unless it is there (added false).
	AddParticipant(ctx context.Context, room uuid.UUID, user domain.UserID, at time.Time) (added bool, err error)
	// RemoveParticipant deletes the pair (removed false when it was not there).
	RemoveParticipant(ctx context.Context, room uuid.UUID, user domain.UserID) (removed bool, err error)
	// Recount writes participant_count as the number of rows (and
	// updated_at) and answers it.
	Recount(ctx context.Context, room uuid.UUID, at time.Time) (int, error)
	// Count reads participant_count.
	Count(ctx context.Context, room uuid.UUID) (int, error)
	// IsParticipant reports whether the pair is there.
	IsParticipant(ctx context.Context, room uuid.UUID, user domain.UserID) (bool, error)
	// Participants lists a room's participants, earliest first.
	Participants(ctx context.Context, room uuid.UUID) ([]Participant, error)
	// Touch sets last_seen of the pairs to at, and seen_at of node's
	// presence rows of them.
	Touch(ctx context.Context, pairs []Pair, node uuid.UUID, at time.Time) error
	// Hold records that node holds a socket of the pair, seen at.
	Hold(ctx context.Context, pair Pair, node uuid.UUID, at time.Time) error
	// Release deletes node's presence row of the pair.
	Release(ctx context.Context, pair Pair, node uuid.UUID) error
	// HeldElsewhere reports whether a node other than node holds a socket
	// of the pair, seen since.
	HeldElsewhere(ctx context.Context, pair Pair, node uuid.UUID, since time.Time) (bool, error)
	// ForgetNodes deletes the presence rows seen before t (nodes that died).
	ForgetNodes(ctx context.Context, before time.Time) error
	// Stale lists the participants last seen before t.
	Stale(ctx context.Context, before time.Time, limit int) ([]Pair, error)
	// Idle lists active rooms without participants, unchanged since before.
	Idle(ctx context.Context, before time.Time, limit int) ([]uuid.UUID, error)

	// Card reads a member's card (the fallback card when they have none).
	Card(ctx context.Context, user domain.UserID) (domain.MemberCard, error)

	InsertMessage(ctx context.Context, m Message) error
	// Messages reads the latest limit messages of a room, oldest first,
	// leaving out the lines of the members hidden.
	Messages(ctx context.Context, room uuid.UUID, hidden []domain.UserID, limit int) ([]Message, error)

	// Exclude records that the host took user out of room: removed, or
	// banned when banned (a ban is never turned back into a removal).
	Exclude(ctx context.Context, room uuid.UUID, user domain.UserID, banned bool, at time.Time) error
	// Exclusion reads whether user was taken out of room, and for good.
	Exclusion(ctx context.Context, room uuid.UUID, user domain.UserID) (excluded, banned bool, err error)
	// Readmit deletes a removal of user from room (never a ban).
	Readmit(ctx context.Context, room uuid.UUID, user domain.UserID) error
	// BannedFrom lists, of rooms, those user is banned from.
	BannedFrom(ctx context.Context, user domain.UserID, rooms []uuid.UUID) ([]uuid.UUID, error)
}
