// Package httpapi serves GET /api/v1/search and the search screen's
// suggestions, GET /api/v1/search/suggestions.
package httpapi

import (
	"context"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"social/core/domain"
	search "social/features/search/app"
	"social/kit/httpkit"
	"social/kit/plugin"
)

// SearchResultItem is one search result: a member, a community or a post.
type SearchResultItem struct {
	Type           string                `json:"type" enum:"user,community,post"`
	ID             string                `json:"id"`
	Title          string                `json:"title" doc:"User: display name (or handle). Community: name. Post: its text, cut to 100 characters followed by '...'."`
	Subtitle       string                `json:"subtitle" doc:"User: '@handle'. Community: description. Post: 'por {display name} (@{handle})'."`
	Avatar         *string               `json:"avatar" doc:"User: signed link to the profile picture (valid storage.url_ttl, 1 hour by default), or null. Null for communities and posts."`
	AvatarVariants []httpkit.PictureCopy `json:"avatar_variants" doc:"User: square copies of the profile picture, smallest first, each smaller than the original (which avatar links): a srcset's candidates. Empty for communities and posts, without a picture and for one stored before copies were made."`
	Verified       bool                  `json:"verified"`
	MemberCount    *int                  `json:"member_count" doc:"Communities only; null otherwise."`
}

type searchInput struct {
	Q string `query:"q" maxLength:"1000" doc:"Text to look for; trimmed, and only its first 100 characters count. Blank finds nothing."`
}

type searchOutput struct {
	Body struct {
		Items []SearchResultItem `json:"items" doc:"Users, then communities, then public posts; at most 5 of each, best match first."`
	}
}

// TrendingHashtag is a hashtag suggested on the search screen.
type TrendingHashtag struct {
	Tag    string `json:"tag" doc:"The hashtag, lower case, without '#'."`
	People int    `json:"people" doc:"Members who used it in a public post over the last 7 days."`
	Posts  int    `json:"posts" doc:"Public posts that used it over the last 7 days."`
}

type suggestionsOutput struct {
	Body struct {
		Hashtags []TrendingHashtag `json:"hashtags" doc:"At most 8, most people first, then most posts; empty when no public post of the week had a hashtag."`
	}
}

func NewRoutes(uc search.UseCases) plugin.Routes {
	return plugin.Routes{Register: func(api huma.API) {
		huma.Register(api, huma.Operation{
			OperationID: "search", Method: http.MethodGet, Path: "/search",
			Summary: "Search users, communities and public posts", Tags: []string{"search"},
			Description: "Case and accents are ignored ('joao' finds 'João'); handles and names match " +
				"by their beginning ('ana_s' finds 'ana_silva'); posts match Portuguese word forms " +
				"('comunidades' finds 'comunidade'). Friends-only posts are never found.",
			Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
		}, func(ctx context.Context, in *searchInput) (*searchOutput, error) {
			items, err := uc.Search.Handle(ctx, domain.ViewerFrom(ctx), in.Q)
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			out := &searchOutput{}
			out.Body.Items = make([]SearchResultItem, 0, len(items))
			for _, it := range items {
				o := SearchResultItem{Type: string(it.Type), ID: it.ID, Title: it.Title, Subtitle: it.Subtitle,
					Verified: it.Verified, MemberCount: it.MemberCount,
					AvatarVariants: make([]httpkit.PictureCopy, 0, len(it.AvatarCopies))}
				for _, c := range it.AvatarCopies {
					o.AvatarVariants = append(o.AvatarVariants, httpkit.PictureCopy{URL: c.URL, Width: c.Side, Height: c.Side})
				}
				if it.Avatar != "" {
					a := it.Avatar
					o.Avatar = &a
				}
				out.Body.Items = append(out.Body.Items, o)
			}
			return out, nil
		})
		huma.Register(api, huma.Operation{
			OperationID: "search-suggestions", Method: http.MethodGet, Path: "/search/suggestions",
			Summary: "What the search screen suggests: this week's trending hashtags", Tags: []string{"search"},
			Description: "Hashtags of public posts by active members over the last 7 days, ranked by how many " +
				"members used them (one member repeating a tag counts once). Worked out again at most every 5 minutes.",
			Security: httpkit.Bearer, Metadata: httpkit.Refuses(nil),
		}, func(ctx context.Context, _ *struct{}) (*suggestionsOutput, error) {
			trends, err := uc.Trending.Handle(ctx, domain.ViewerFrom(ctx))
			if err != nil {
				return nil, httpkit.ProblemFrom(ctx, err)
			}
			out := &suggestionsOutput{}
			out.Body.Hashtags = make([]TrendingHashtag, len(trends))
			for i, t := range trends {
				out.Body.Hashtags[i] = TrendingHashtag{Tag: t.Tag, People: t.People, Posts: t.Posts}
			}
			return out, nil
		})
	}}
}
