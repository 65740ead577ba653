package domain

import (
	"regexp"
	"strings"
	"time"
)

// MemberCard is a member as shown next to what they did or where they are:
// a post's author, a comment's writer, a follower, and whoever a feature
// lists. AvatarPath is a BlobStore key, never a URL.
type MemberCard struct {
	ID          UserID
	Handle      string
	DisplayName string
	AvatarPath  *string
	IsVerified  bool
}

// UnknownMemberName is the name a card shows when the member's profile is
// gone or its name is blank.
const UnknownMemberName = "Usuário"

// NewMemberCard is member id's card from a read that may have found no
// profile (handle or name nil, as a LEFT JOIN answers) or a blank name:
// the one place a card falls back to UnknownMemberName, without a handle.
func NewMemberCard(id UserID, handle, displayName, avatarPath *string, verified bool) MemberCard {
	if handle == nil || displayName == nil || strings.TrimSpace(*displayName) == "" {
		return MemberCard{ID: id, DisplayName: UnknownMemberName}
	}
	return MemberCard{ID: id, Handle: *handle, DisplayName: *displayName, AvatarPath: avatarPath, IsVerified: verified}
}

// ListedMember is a member as a list of members shows them (followers,
// blocks, mutes). AvatarPath is a BlobStore key, never a URL.
type ListedMember struct {
	ProfileID   UserID
	Handle      string
	DisplayName string
	AvatarPath  *string
	IsVerified  bool
}

// Profile is what other members see of a member. Nullable texts are nil when
// empty; AvatarPath and BannerPath are BlobStore keys, never URLs.
type Profile struct {
	ID             UserID
	Handle         string
	DisplayName    string
	Bio            *string
	Location       *string
	WebsiteURL     *string
	AvatarPath     *string
	BannerPath     *string
	IsVerified     bool
	FollowerCount  int
	FollowingCount int
	PostCount      int
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// Domain is the server of a remote account (an actor of the social
	// web, whose Handle is user@domain); nil for a member of this network.
	Domain *string
	// RemoteURL is the remote account's page on its server; nil for a
	// member of this network.
	RemoteURL *string
}

// Remote reports whether p is a remote account: a profile of another
// server, which never signs in here.
func (p Profile) Remote() bool { return p.Domain != nil }

// ProfileImage is one of the two pictures of a profile.
type ProfileImage string

const (
	ProfileAvatar ProfileImage = "avatar"
	ProfileBanner ProfileImage = "banner"
)

// MaxProfileImageBytes is the largest avatar or banner accepted: 5 MiB.
const MaxProfileImageBytes = 5 << 20

// Path returns the image's key in p, or nil.
func (p Profile) Path(img ProfileImage) *string {
	if img == ProfileBanner {
		return p.BannerPath
	}
	return p.AvatarPath
}

// SetPath replaces the image's key in p.
func (p *Profile) SetPath(img ProfileImage, path *string) {
	if img == ProfileBanner {
		p.BannerPath = path
		return
	}
	p.AvatarPath = path
}

// NullIfEmpty is nil for "" and &s otherwise: empty profile texts are stored
// as NULL.
func NullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// NormalHandle is handle as stored (lowercase, without a leading '@' or
// spaces) and whether it can be a handle at all: a member's, or a remote
// account's user@domain. A route's {handle} that cannot is simply not
// found, without a query.
func NormalHandle(handle string) (string, bool) {
	handle = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(handle), "@"))
	if user, host, remote := strings.Cut(handle, "@"); remote {
		_, ok := RemoteHandle(user, host)
		return handle, ok
	}
	return handle, HandleProblem(handle) == ""
}

// remoteUser is the user part of a remote account's handle as stored: the
// characters the social web's servers allow in a username, lower case.
var remoteUser = regexp.MustCompile(`^[a-z0-9_][a-z0-9_.-]{0,63}$`)

// remoteDomain is a server's host name, with its port when not the
// scheme's default, lower case.
var remoteDomain = regexp.MustCompile(`^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:[0-9]{1,5})?$`)

// RemoteHandle is the handle of user on the server host (user@host, lower
// case), as a remote account's profile stores it, and whether both parts
// can name one. It never equals a member's handle, which has no '@'.
func RemoteHandle(user, host string) (string, bool) {
	u, h := strings.ToLower(strings.TrimSpace(user)), strings.ToLower(strings.TrimSpace(host))
	return u + "@" + h, remoteUser.MatchString(u) && remoteDomain.MatchString(h)
}
