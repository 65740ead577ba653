package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	posts "social/features/posts/app"
	"social/features/posts/wire"
	"social/kit/httpkit"
	"social/platform/jsonwire"
)

// FeedPage is one page of the public feed.
type FeedPage struct {
	Items      []wire.Post `json:"items"`
	NextCursor string      `json:"next_cursor,omitempty" doc:"Pass as cursor for the next page; absent at the end."`
}

// AppendJSON writes the page as encoding/json would (jsonwire).
func (p FeedPage) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"items":`...)
	b, err := wire.AppendPosts(b, p.Items)
	if err != nil {
		return b, err
	}
	if p.NextCursor != "" {
		b = append(b, `,"next_cursor":`...)
		b = jsonwire.AppendString(b, p.NextCursor)
	}
	return append(b, '}'), nil
}

func registerListFeed(api huma.API, uc *posts.ListFeed, audience *posts.ListAudiencePosts, l links) {
	huma.Register(api, huma.Operation{
		OperationID: "list-feed", Method: http.MethodGet, Path: "/feed",
		Summary: "A feed page: public (chronological or ranked) or the viewer's following feed", Tags: []string{"posts"},
		Description: "chronological and ranked show public posts only. chronological: newest first, cursor over (created_at, id). " +
			"ranked: the newest 500 public posts ordered by 0.6 x recency + 0.3 x likes + 0.1 x comments " +
			"(recency = 100 - hours old, floor 0; likes = ln(likes+1) x 10; comments = ln(comments+1) x 15), " +
			"the cursor being a position within that window. following: the viewer's timeline, newest first " +
			"(posts of the members they follow, followers-only ones included, and their own), cursor as chronological. " +
			"With audience_id: that audience's posts (a community's), newest first, cursor as chronological, for its members only; " +
			"only the chronological algorithm goes with it.",
		Security: httpkit.Bearer, Metadata: httpkit.Refuses(withAudience(httpkit.Refusals{422: {posts.CodeInvalid}}, audience.Gate)),
	}, func(ctx context.Context, in *struct {
		Algorithm  string `query:"algorithm" enum:"chronological,ranked,following" default:"chronological"`
		Cursor     string `query:"cursor" maxLength:"200"`
		Limit      int    `query:"limit" minimum:"1" maximum:"50" default:"50"`
		AudienceID string `query:"audience_id" format:"uuid" doc:"Optional: list this audience's posts (a community's ID), newest first; only its members may. Goes with algorithm chronological only."`
	}) (*struct{ Body FeedPage }, error) {
		viewer := domain.ViewerFrom(ctx)
		id, err := parseAudience(in.AudienceID)
		var page posts.FeedPage
		switch {
		case err != nil:
		case !id.IsZero():
			page, err = audience.Handle(ctx, viewer, id, in.Algorithm, in.Cursor, in.Limit)
		default:
			page, err = uc.Handle(ctx, viewer, in.Algorithm, in.Cursor, in.Limit)
		}
		if err != nil {
			return nil, httpkit.ProblemFrom(ctx, err)
		}
		out := FeedPage{Items: make([]wire.Post, len(page.Items)), NextCursor: page.Next}
		for i, it := range page.Items {
			out.Items[i] = l.post(ctx, it)
		}
		return &struct{ Body FeedPage }{Body: out}, nil
	})
}
