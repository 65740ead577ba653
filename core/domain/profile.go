package domain

import (
	"strings"
	"time"
)

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
}

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
// spaces) and whether it can be a handle at all: a route's {handle} that
// cannot is simply not found, without a query.
func NormalHandle(handle string) (string, bool) {
	handle = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(handle), "@"))
	return handle, HandleProblem(handle) == ""
}
