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
func ParseUserID(s string) (UserID, error) { return parseID[UserID]("user", s) }

func (id UserID) String() string { return uuid.UUID(id).String() }

// parseID reads an ID of type T, a UUID under its own name, from its text
// form; kind names it in the error.
func parseID[T ~[16]byte](kind, s string) (T, error) {
	u, err := uuid.Parse(s)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("%s id %q: %w", kind, s, err)
	}
	return T(u), nil
}

// IsZero reports whether the ID is unset.
func (id UserID) IsZero() bool { return id == UserID{} }
