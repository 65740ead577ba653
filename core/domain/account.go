package domain

import (
	"errors"
	"strings"
	"time"
)

// Account is a member's credentials and standing. Its ID is also the ID of
// the member's profile.
type Account struct {
	ID           UserID
	Email        string // as typed at sign-up (trimmed); unique case-insensitively
	PasswordHash string // argon2id, PHC string format
	Role         Role
	ConfirmedAt  *time.Time
	// SuspendedAt is set while a moderator keeps the member out: no
	// sign-in, no session, their posts hidden from everyone.
	SuspendedAt     *time.Time
	SuspendedReason *string
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Suspended reports whether the member is kept out.
func (a Account) Suspended() bool { return a.SuspendedAt != nil }

// Confirmed reports whether the member proved they own the e-mail address.
func (a Account) Confirmed() bool { return a.ConfirmedAt != nil }

// Errors stores return for conditions the use cases turn into answers.
var (
	ErrNotFound    = errors.New("not found")
	ErrEmailTaken  = errors.New("email taken")
	ErrHandleTaken = errors.New("handle taken")
)

// NormalizeEmail is the form e-mails are compared in: trimmed, lowercase.
func NormalizeEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// ValidRole reports whether r is one of the known roles.
func ValidRole(r Role) bool {
	switch r {
	case RoleMember, RoleModerator, RoleAdmin:
		return true
	}
	return false
}
