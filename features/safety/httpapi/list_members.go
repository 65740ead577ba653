package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	profiles "social/features/profiles/wire"
	safety "social/features/safety/app"
	"social/kit/httpkit"
)

// MemberEntry is one member of the viewer's blocks or mutes.
type MemberEntry struct {
	ID             string                `json:"id" format:"uuid" doc:"The listed member's profile ID."`
	Handle         string                `json:"handle"`
	DisplayName    string                `json:"display_name"`
	AvatarURL      *string               `json:"avatar_url" doc:"Signed link to the avatar (valid storage.url_ttl, 1 hour by default), or null."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"Square copies of the avatar, smallest first, each smaller than the original (which avatar_url links): a srcset's candidates. Empty without an avatar and for one stored before copies were made."`
	IsVerified     bool                  `json:"is_verified"`
	Since          time.Time             `json:"since" doc:"When the block or mute began."`
}

// MemberPage is one page of the viewer's blocks or mutes, newest first.
type MemberPage struct {
	Items      []MemberEntry `json:"items"`
	NextCursor string        `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page; absent at the end."`
}

type listInput struct {
	Cursor string `query:"cursor" maxLength:"200"`
}

func present(ctx context.Context, links profiles.Links, page safety.Page) MemberPage {
	out := MemberPage{Items: make([]MemberEntry, len(page.Items)), NextCursor: page.Next}
	for i, e := range page.Items {
		out.Items[i] = MemberEntry{ID: e.ProfileID.String(), Handle: e.Handle, DisplayName: e.DisplayName,
			AvatarURL: links.URL(ctx, e.AvatarPath), AvatarVariants: links.Media.PictureCopies(ctx, e.AvatarPath), IsVerified: e.IsVerified, Since: e.Since.UTC()}
	}
	return out
}

// registerListMembers registers the viewer's two lists of members, the
// blocks and the mutes, which differ only in what they list.
func registerListMembers(api huma.API, blocks *safety.ListBlocks, mutes *safety.ListMutes, links profiles.Links) {
	for _, list := range []struct {
		name, summary string
		handle        func(context.Context, domain.Viewer, string, int) (safety.Page, error)
	}{
		{"blocks", "The members the viewer blocks, newest first", blocks.Handle},
		{"mutes", "The members the viewer mutes, newest first", mutes.Handle},
	} {
		huma.Register(api, huma.Operation{
			OperationID: "list-" + list.name, Method: http.MethodGet, Path: "/safety/" + list.name,
			Summary: list.summary, Tags: []string{"safety"},
			Description: "Pages of 50 with an opaque cursor. Only the viewer's own list.",
			Security:    httpkit.Bearer, Metadata: httpkit.Refuses(httpkit.Refusals{422: {safety.CodeInvalid}}),
		}, func(ctx context.Context, in *listInput) (*struct{ Body MemberPage }, error) {
			page, err := list.handle(ctx, domain.ViewerFrom(ctx), in.Cursor, 0)
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			return &struct{ Body MemberPage }{Body: present(ctx, links, page)}, nil
		})
	}
}
