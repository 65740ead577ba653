// Package wire is the profile answer (schema Profile) and the signer of its
// picture links: the same wherever a profile is shown, in the profiles'
// routes and in any other feature's answer that carries a member's profile
// (the session, the follows and blocks lists).
package wire

import (
	"context"
	"time"

	"social/core/domain"
	follows "social/features/follows/app"
	"social/kit/httpkit"
)

// Profile is a member's public profile. Nullable texts are null when empty;
// picture URLs are signed links that expire (storage.url_ttl).
type Profile struct {
	ID             string                `json:"id" format:"uuid"`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	Bio            *string               `json:"bio"`
	Location       *string               `json:"location"`
	WebsiteURL     *string               `json:"website_url"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
	BannerURL      *string               `json:"banner_url" doc:"Signed link to the banner (valid storage.url_ttl, 1 hour by default), or null."`
	IsVerified     bool                  `json:"is_verified"`
	FollowerCount  int                   `json:"follower_count"`
	FollowingCount int                   `json:"following_count"`
	PostCount      int                   `json:"post_count"`
	CreatedAt      time.Time             `json:"created_at"`
	IsFollowing    bool                  `json:"is_following" doc:"Whether the signed-in viewer follows this profile; false for oneself and when signed out."`
	IsBlocking     bool                  `json:"is_blocking" doc:"Whether the signed-in viewer blocks this member: the profile then shows no details (bio, location, website, banner)."`
	IsMuting       bool                  `json:"is_muting" doc:"Whether the signed-in viewer mutes this member."`
	Domain         *string               `json:"domain" doc:"The server of a remote account (another server of the social web; its handle is user@domain), or null for a member of this network."`
	RemoteURL      *string               `json:"remote_url" doc:"The remote account's page on its own server, or null for a member of this network."`
}

// Links turns stored picture keys into signed links.
type Links struct{ Media httpkit.MediaLinks }

// NewLinks signs pictures with the app's media links.
func NewLinks(media httpkit.MediaLinks) Links {
	return Links{Media: media}
}

// URL is the signed link of key, or nil.
func (l Links) URL(ctx context.Context, key *string) *string { return l.Media.URL(ctx, key) }

// Profile presents p.
func (l Links) Profile(ctx context.Context, p domain.Profile) Profile {
	return Profile{
		ID: p.ID.String(), Handle: p.Handle, DisplayName: p.DisplayName,
		Bio: p.Bio, Location: p.Location, WebsiteURL: p.WebsiteURL,
		AvatarURL: l.URL(ctx, p.AvatarPath), AvatarVariants: l.Media.PictureCopies(ctx, p.AvatarPath), BannerURL: l.URL(ctx, p.BannerPath),
		IsVerified: p.IsVerified, FollowerCount: p.FollowerCount, FollowingCount: p.FollowingCount,
		PostCount: p.PostCount, CreatedAt: p.CreatedAt.UTC(), Domain: p.Domain, RemoteURL: p.RemoteURL,
	}
}

// View presents p as its viewer sees it.
func (l Links) View(ctx context.Context, v follows.ProfileView) Profile {
	out := l.Profile(ctx, v.Profile)
	out.IsFollowing = v.IsFollowing
	out.IsBlocking, out.IsMuting = v.IsBlocking, v.IsMuting
	return out
}
