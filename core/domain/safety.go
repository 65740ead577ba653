package domain

import (
	"time"

	"github.com/google/uuid"
)

// SafetyEntry is one member of a member's blocks or mutes list, with when
// the block or mute began.
type SafetyEntry struct {
	ListedMember
	Since time.Time
}

// MutedWordID identifies one muted word (UUIDv7).
type MutedWordID uuid.UUID

// NewMutedWordID makes a fresh time-ordered ID.
func NewMutedWordID() MutedWordID { return MutedWordID(uuid.Must(uuid.NewV7())) }

// ParseMutedWordID reads an ID from its text form.
func ParseMutedWordID(s string) (MutedWordID, error) { return parseID[MutedWordID]("muted word", s) }

func (id MutedWordID) String() string { return uuid.UUID(id).String() }

// MutedWord is a word or phrase a member no longer wants to read: posts and
// comments holding it are left out of their feeds and notifications until
// ExpiresAt (never, when nil).
type MutedWord struct {
	ID        MutedWordID
	MemberID  UserID
	Word      string
	ExpiresAt *time.Time
	CreatedAt time.Time
}

// HiddenMember is a member whose activity one viewer must not receive:
// Blocked when either blocks the other (both directions hide), Muted when
// the viewer mutes them (only the viewer's side).
type HiddenMember struct {
	ID      UserID
	Handle  string
	Blocked bool
	Muted   bool
}
