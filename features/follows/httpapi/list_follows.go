package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	follows "social/features/follows/app"
	profilesapp "social/features/profiles/app"
	"social/features/profiles/wire"
	"social/kit/httpkit"
)

// FollowEntry is one member of a followers or following list.
type FollowEntry struct {
	ID             string                `json:"id" format:"uuid" doc:"The listed member's profile ID."`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
	IsVerified     bool                  `json:"is_verified"`
	FollowedAt     time.Time             `json:"followed_at" doc:"When the follow began."`
}

// FollowPage is one page of a list, newest follow first.
type FollowPage struct {
	Items      []FollowEntry `json:"items"`
	NextCursor string        `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page; absent at the end."`
}

func registerListFollows(api huma.API, uc *follows.ListFollows, links wire.Links) {
	for _, dir := range []follows.Direction{follows.Followers, follows.Following} {
		summary := "Who follows a member, newest first"
		if dir == follows.Following {
			summary = "Whom a member follows, newest first"
		}
		huma.Register(api, huma.Operation{
			OperationID: "list-" + string(dir), Method: http.MethodGet, Path: "/profiles/{handle}/" + string(dir),
			Summary: summary, Tags: []string{"follows"},
			Description: "Pages of 50 over (followed_at, follow id), with an opaque cursor. Members in a block relation with the profile's owner, or with the signed-in viewer, are left out.",
			Security:    httpkit.Public, Metadata: httpkit.Refuses(httpkit.Refusals{404: {profilesapp.CodeNotFound}, 422: {follows.CodeInvalid}}),
		}, func(ctx context.Context, in *struct {
			Handle string `path:"handle" doc:"The member's handle, e.g. maria_silva."`
			Cursor string `query:"cursor" maxLength:"200"`
		}) (*struct{ Body FollowPage }, error) {
			page, err := uc.Handle(ctx, domain.ViewerFrom(ctx), in.Handle, dir, in.Cursor, 0)
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			out := FollowPage{Items: make([]FollowEntry, len(page.Items)), NextCursor: page.Next}
			for i, e := range page.Items {
				out.Items[i] = FollowEntry{ID: e.ProfileID.String(), Handle: e.Handle, DisplayName: e.DisplayName,
					AvatarURL: links.URL(ctx, e.AvatarPath), AvatarVariants: links.Media.PictureCopies(ctx, e.AvatarPath), IsVerified: e.IsVerified, FollowedAt: e.FollowedAt.UTC()}
			}
			return &struct{ Body FollowPage }{Body: out}, nil
		})
	}
}
