package httpapi

import (
	"net/http"

	"social/core/domain"
	posts "social/features/posts/app"
)

// TimelineEndpoints are the timelines: home (our 'Seguindo'), public (our
// public feed: every post is local, so local and remote change nothing;
// it needs a member, as our feed does), a hashtag's public posts, and the
// member's favourites. The
// posts and every rule on them (followers-only, audiences, blocks, mutes,
// muted words, suspended authors) are the posts feature's.
func TimelineEndpoints(s Statuses) []Endpoint {
	timeline := func(kind string) func(*Request) (any, error) {
		return func(r *Request) (any, error) {
			page, err := r.PageQuery(DefaultPageSize, MaxPageSize)
			if err != nil {
				return nil, err
			}
			onlyMedia, err := r.Bool("only_media", false)
			if err != nil {
				return nil, err
			}
			if remote, err := r.Bool("remote", false); err != nil {
				return nil, err
			} else if remote {
				// Every member is of this server: nothing is remote.
				return r.Paged([]Status{}, "", ""), nil
			}
			items, err := s.Posts.Timeline.Handle(r.Context(), r.Viewer, posts.TimelineQuery{Kind: kind, Tag: r.PathValue("hashtag"),
				OnlyMedia: onlyMedia, MaxID: page.MaxID, SinceID: page.SinceID, MinID: page.MinID, Limit: page.Limit})
			if err != nil {
				return nil, err
			}
			return s.page(r, items)
		}
	}
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v1/timelines/home", Scopes: domain.ScopeReadStatuses,
			Handle: timeline(posts.TimelineFollowing)},
		{Method: http.MethodGet, Path: "/api/v1/timelines/public", Scopes: domain.ScopeReadStatuses,
			Handle: timeline(posts.TimelinePublic)},
		{Method: http.MethodGet, Path: "/api/v1/timelines/tag/{hashtag}", Scopes: domain.ScopeReadStatuses,
			Handle: timeline(posts.TimelineTag)},
		// The posts the member liked, the newest like first; the Link
		// header names posts, whose likes the core finds.
		{Method: http.MethodGet, Path: "/api/v1/favourites", Scopes: domain.ScopeReadFavourites,
			Handle: timeline(posts.TimelineLiked)},
	}
}

// page answers feed items as statuses (mentions resolved), newest first,
// with the Link header.
func (s Statuses) page(r *Request, items []domain.FeedItem) (any, error) {
	if len(items) == 0 {
		return r.Paged([]Status{}, "", ""), nil
	}
	out, err := s.PageOfPosts(r.Context(), items)
	if err != nil {
		return nil, err
	}
	return r.Paged(out, items[0].ID.String(), items[len(items)-1].ID.String()), nil
}
