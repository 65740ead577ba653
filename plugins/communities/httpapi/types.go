// Package httpapi serves the communities plugin under /api/v1/communities
// (handlers only translate: every rule is in app) and its admin resource.
package httpapi

import (
	"context"
	"time"

	"github.com/google/uuid"

	"social/core/domain"
	"social/core/errs"
	"social/kit/httpkit"
	"social/plugins/communities/app"
)

// CommunityProfile is the part of a member's profile shown with communities,
// members and posts.
type CommunityProfile struct {
	ID             string                `json:"id" format:"uuid"`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
}

// CommunityMembership is the viewer's membership of a community; a viewer
// without one gets null (the schema says so through the "_" field).
type CommunityMembership struct {
	_      struct{} `nullable:"true"`
	ID     string   `json:"id" format:"uuid"`
	Role   string   `json:"role" enum:"owner,admin,member"`
	Status string   `json:"status" enum:"pending,approved,rejected"`
}

// Community is one community as the viewer sees it.
type Community struct {
	ID             string                `json:"id" format:"uuid"`
	Name           string                `json:"name"`
	Description    *string               `json:"description"`
	Privacy        string                `json:"privacy" enum:"open,closed"`
	OwnerID        string                `json:"owner_id" format:"uuid"`
	Owner          CommunityProfile      `json:"owner"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the community's picture, or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the community's picture, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without a picture and for one stored before copies were made."`
	MemberCount    int                   `json:"member_count" doc:"Approved members, the owner included."`
	CreatedAt      time.Time             `json:"created_at"`
	Membership     *CommunityMembership  `json:"membership" doc:"The viewer's membership, or null."`
}

// CommunityMember is one membership row with the member's profile.
type CommunityMember struct {
	ID       string           `json:"id" format:"uuid"`
	UserID   string           `json:"user_id" format:"uuid"`
	Role     string           `json:"role" enum:"owner,admin,member"`
	Status   string           `json:"status" enum:"pending,approved,rejected"`
	JoinedAt time.Time        `json:"joined_at"`
	Profile  CommunityProfile `json:"profile"`
}

// present turns use case results into answers with signed links.
type present struct{ media httpkit.MediaLinks }

func (p present) profile(ctx context.Context, pr domain.MemberCard) CommunityProfile {
	return CommunityProfile{ID: pr.ID.String(), Handle: pr.Handle, DisplayName: pr.DisplayName, AvatarURL: p.media.URL(ctx, pr.AvatarPath), AvatarVariants: p.media.PictureCopies(ctx, pr.AvatarPath)}
}

func (p present) community(ctx context.Context, c app.Community) Community {
	out := Community{ID: c.ID.String(), Name: c.Name, Description: c.Description, Privacy: string(c.Privacy),
		OwnerID: c.OwnerID.String(), Owner: p.profile(ctx, c.Owner), AvatarURL: p.media.URL(ctx, c.AvatarPath), AvatarVariants: p.media.PictureCopies(ctx, c.AvatarPath),
		MemberCount: c.MemberCount, CreatedAt: c.CreatedAt}
	if c.Membership != nil {
		out.Membership = membership(*c.Membership)
	}
	return out
}

func membership(m app.Member) *CommunityMembership {
	return &CommunityMembership{ID: m.ID.String(), Role: string(m.Role), Status: string(m.Status)}
}

func (p present) member(ctx context.Context, m app.Member) CommunityMember {
	return CommunityMember{ID: m.ID.String(), UserID: m.UserID.String(), Role: string(m.Role), Status: string(m.Status),
		JoinedAt: m.JoinedAt, Profile: p.profile(ctx, m.Profile)}
}

// CommunityPath is the {id} of a community route; a malformed ID is not
// found.
type CommunityPath struct {
	ID string `path:"id" doc:"The community's ID."`
}

func (p CommunityPath) id() (uuid.UUID, error) {
	id, err := uuid.Parse(p.ID)
	if err != nil {
		return uuid.UUID{}, errs.NotFound(app.CodeNotFound, app.MsgNotFound)
	}
	return id, nil
}

type MemberPath struct {
	CommunityPath
	MemberID string `path:"memberId" doc:"The membership row's ID."`
}

func (p MemberPath) ids() (uuid.UUID, uuid.UUID, error) {
	id, err := p.id()
	if err != nil {
		return id, id, err
	}
	// A malformed ID names no row: the use case decides between 403 and 404.
	m, _ := uuid.Parse(p.MemberID)
	return id, m, nil
}
