package app

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
)

// Privacy says how one joins a community.
type Privacy string

// Privacies: open communities approve a join at once, closed ones hold it
// pending until the owner or an admin decides.
const (
	Open   Privacy = "open"
	Closed Privacy = "closed"
)

// Role is a member's role in a community.
type Role string

// Roles.
const (
	RoleOwner  Role = "owner"
	RoleAdmin  Role = "admin"
	RoleMember Role = "member"
)

// Status is where a membership stands.
type Status string

// Statuses.
const (
	StatusPending  Status = "pending"
	StatusApproved Status = "approved"
	StatusRejected Status = "rejected"
)

// Limits of the create form.
const (
	NameMaxRunes        = 50
	DescriptionMaxRunes = 500
)

// Community is one community as a viewer sees it.
type Community struct {
	ID          uuid.UUID
	Name        string
	Description *string
	Privacy     Privacy
	OwnerID     domain.UserID
	Owner       domain.MemberCard
	AvatarPath  *string
	MemberCount int
	CreatedAt   time.Time
	// Membership is the viewer's row, nil when they have none.
	Membership *Member
}

// Member is one membership row.
type Member struct {
	ID          uuid.UUID
	CommunityID uuid.UUID
	UserID      domain.UserID
	Role        Role
	Status      Status
	JoinedAt    time.Time
	Profile     domain.MemberCard
}

// Approved reports whether m counts as a member (the owner always does).
func (m *Member) Approved() bool { return m != nil && m.Status == StatusApproved }

// Manages reports whether m may decide on pending requests: the owner or an
// approved admin.
func (m *Member) Manages() bool {
	return m.Approved() && (m.Role == RoleOwner || m.Role == RoleAdmin)
}

// Owns reports whether m is the community's owner.
func (m *Member) Owns() bool { return m.Approved() && m.Role == RoleOwner }

// NewCommunity is the create form.
type NewCommunity struct {
	Name        string
	Description *string
	Privacy     Privacy
}

// normalize cleans the texts and checks them: a name (required, at most
// NameMaxRunes characters), a description (blank is none, at most
// DescriptionMaxRunes characters) and a known privacy.
func (f NewCommunity) normalize() (NewCommunity, error) {
	f.Name = domain.CleanName(f.Name)
	switch {
	case f.Name == "":
		return f, errs.Invalid(CodeNameRequired, MsgNameRequired, map[string]string{"name": MsgNameRequired})
	case utf8.RuneCountInString(f.Name) > NameMaxRunes:
		return f, errs.Invalid(CodeNameTooLong, MsgNameTooLong, map[string]string{"name": MsgNameTooLong})
	}
	if f.Description != nil {
		d := strings.TrimSpace(*f.Description)
		if d == "" {
			f.Description = nil
		} else if utf8.RuneCountInString(d) > DescriptionMaxRunes {
			return f, errs.Invalid(CodeDescriptionTooLong, MsgDescriptionTooLong,
				map[string]string{"description": MsgDescriptionTooLong})
		} else {
			f.Description = &d
		}
	}
	switch f.Privacy {
	case "":
		f.Privacy = Open
	case Open, Closed:
	default:
		return f, errs.Invalid(CodeInvalid, MsgBadPrivacy, map[string]string{"privacy": MsgBadPrivacy})
	}
	return f, nil
}

// Topic is the realtime topic of a community's posts.
func Topic(id uuid.UUID) string { return TopicPrefix + id.String() }
