package domain

import (
	"fmt"

	"github.com/google/uuid"
)

// UserID identifies a member (their account and their profile share it).
// IDs are UUIDv7: time-ordered, so cursors and B-tree inserts stay cheap.
type UserID uuid.UUID

// NewUserID makes a fresh time-ordered ID.
func NewUserID() UserID { return UserID(uuid.Must(uuid.NewV7())) }

// ParseUserID reads an ID from its text form.
func ParseUserID(s string) (UserID, error) {
	u, err := uuid.Parse(s)
	if err != nil {
		return UserID{}, fmt.Errorf("user id %q: %w", s, err)
	}
	return UserID(u), nil
}

func (id UserID) String() string { return uuid.UUID(id).String() }

// IsZero reports whether the ID is unset.
func (id UserID) IsZero() bool { return id == UserID{} }
