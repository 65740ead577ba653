package domain

import (
	"time"

	"github.com/google/uuid"
)

// FollowID identifies one follow (UUIDv7, so lists page cheaply by time).
type FollowID uuid.UUID

// NewFollowID makes a fresh time-ordered ID.
func NewFollowID() FollowID { return FollowID(uuid.Must(uuid.NewV7())) }

func (id FollowID) String() string { return uuid.UUID(id).String() }

// Follow is FollowerID following FollowingID; never oneself.
type Follow struct {
	ID          FollowID
	FollowerID  UserID
	FollowingID UserID
	CreatedAt   time.Time
}

// FollowEntry is one member of a followers or following list, with when
// the follow began.
type FollowEntry struct {
	ListedMember
	FollowID   FollowID
	FollowedAt time.Time
}
