// Package httpapi serves the communities plugin under /api/v1/communities
// (handlers only translate: every rule is in app) and its admin resource.
package httpapi

import (
	"context"
	"time"

	"github.com/google/uuid"

	httpadapter "social/adapters/http"
	"social/core/errs"
	"social/plugins/communities/app"
)

// CommunityProfile is the part of a member's profile shown with communities,
// members and posts.
type CommunityProfile struct {
	ID          string  `json:"id" format:"uuid"`
	Handle      string  `json:"handle"`
	DisplayName string  `json:"display_name"`
	AvatarURL   *string `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
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
	ID          string               `json:"id" format:"uuid"`
	Name        string               `json:"name"`
	Description *string              `json:"description"`
	Privacy     string               `json:"privacy" enum:"open,closed"`
	OwnerID     string               `json:"owner_id" format:"uuid"`
	Owner       CommunityProfile     `json:"owner"`
	AvatarURL   *string              `json:"avatar_url" doc:"Signed link to the community's picture, or null."`
	MemberCount int                  `json:"member_count" doc:"Approved members, the owner included."`
	CreatedAt   time.Time            `json:"created_at"`
	Membership  *CommunityMembership `json:"membership" doc:"The viewer's membership, or null."`
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

// CommunityPost is a community post, in the shape of the core feed's posts plus
// community_id.
type CommunityPost struct {
	ID                     string           `json:"id" format:"uuid"`
	CommunityID            string           `json:"community_id" format:"uuid"`
	AuthorID               string           `json:"author_id" format:"uuid"`
	TextContent            *string          `json:"text_content"`
	MediaURL               *string          `json:"media_url" doc:"Signed link to the post's image or video (valid storage.url_ttl, 1 hour by default), or null."`
	Type                   string           `json:"type" enum:"text,image,video"`
	Visibility             string           `json:"visibility" enum:"public" doc:"Always public: the community's members read it."`
	CreatedAt              time.Time        `json:"created_at"`
	UpdatedAt              time.Time        `json:"updated_at"`
	LikeCount              int              `json:"like_count"`
	CommentCount           int              `json:"comment_count" doc:"Always 0: community posts have no comments."`
	ShareCount             int              `json:"share_count" doc:"Always 0."`
	LinkPreviewURL         *string          `json:"link_preview_url" doc:"Always null."`
	LinkPreviewTitle       *string          `json:"link_preview_title" doc:"Always null."`
	LinkPreviewDescription *string          `json:"link_preview_description" doc:"Always null."`
	LinkPreviewImageURL    *string          `json:"link_preview_image_url" doc:"Always null."`
	LinkPreviewSiteName    *string          `json:"link_preview_site_name" doc:"Always null."`
	Author                 CommunityProfile `json:"author"`
	IsLiked                bool             `json:"is_liked"`
}

// present turns use case results into answers with signed links.
type present struct{ media httpadapter.MediaLinks }

func (p present) profile(ctx context.Context, pr app.Profile) CommunityProfile {
	return CommunityProfile{ID: pr.ID.String(), Handle: pr.Handle, DisplayName: pr.DisplayName, AvatarURL: p.media.URL(ctx, pr.AvatarPath)}
}

func (p present) community(ctx context.Context, c app.Community) Community {
	out := Community{ID: c.ID.String(), Name: c.Name, Description: c.Description, Privacy: string(c.Privacy),
		OwnerID: c.OwnerID.String(), Owner: p.profile(ctx, c.Owner), AvatarURL: p.media.URL(ctx, c.AvatarPath),
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

func (p present) post(ctx context.Context, it app.Post) CommunityPost {
	return CommunityPost{ID: it.ID.String(), CommunityID: it.CommunityID.String(), AuthorID: it.AuthorID.String(),
		TextContent: it.TextContent, MediaURL: p.media.URL(ctx, it.MediaPath), Type: string(it.Type), Visibility: "public",
		CreatedAt: it.CreatedAt, UpdatedAt: it.UpdatedAt, LikeCount: it.LikeCount,
		Author: p.profile(ctx, it.Author), IsLiked: it.IsLiked}
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

type PostPath struct {
	CommunityPath
	PostID string `path:"postId" doc:"The post's ID."`
}

func (p PostPath) ids() (uuid.UUID, uuid.UUID, error) {
	id, err := p.id()
	if err != nil {
		return id, id, err
	}
	m, _ := uuid.Parse(p.PostID)
	return id, m, nil
}
