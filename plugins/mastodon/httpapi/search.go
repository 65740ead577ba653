package httpapi

import (
	"net/http"
	"slices"
	"strings"

	"go.uber.org/fx"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
	follows "social/features/follows/app"
	posts "social/features/posts/app"
	profilewire "social/features/profiles/wire"
	search "social/features/search/app"
)

// Page sizes of the searches: Mastodon's defaults. The search use case
// keeps a page to search.MaxPerKind.
const (
	defaultSearchLimit        = 20
	defaultAccountSearchLimit = 40
)

// The types a search may be kept to.
const (
	searchTypeAccounts = "accounts"
	searchTypeStatuses = "statuses"
	searchTypeHashtags = "hashtags"
)

// SearchDeps are the use cases behind the searches: the search itself,
// then the reads that make its results Mastodon's entities.
type SearchDeps struct {
	fx.In
	Base     Base
	Search   search.UseCases
	View     *follows.ViewProfile
	Posts    posts.UseCases
	Statuses Statuses
	Links    profilewire.Links
	Clock    ports.Clock
}

// SearchResults is Mastodon's Search entity.
type SearchResults struct {
	Accounts []Account  `json:"accounts"`
	Statuses []Status   `json:"statuses"`
	Hashtags []TrendTag `json:"hashtags"`
}

// searches serves /api/v2/search and /api/v1/accounts/search.
type searches struct{ SearchDeps }

// SearchEndpoints are the searches: members, posts and hashtags (v2), and
// members alone (accounts/search). Both need a member, as our search does.
func SearchEndpoints(d SearchDeps) []Endpoint {
	s := searches{d}
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v2/search", Scopes: domain.ScopeReadSearch, Handle: s.v2},
		{Method: http.MethodGet, Path: "/api/v1/accounts/search", Scopes: domain.ScopeReadAccounts, Handle: s.accounts},
	}
}

// searchQuery is what both searches read: the text, the page and the
// flags. resolve looks an account's address (user@host) up on its
// server when this one does not know it (with the federation plugin on;
// without it, only known accounts are found).
type searchQuery struct {
	q             string
	limit, offset int
	following     bool
	resolve       bool
}

func (r *Request) searchQuery(defaultLimit int) (searchQuery, error) {
	limit, err := r.Int("limit", defaultLimit)
	if err != nil {
		return searchQuery{}, err
	}
	offset, err := r.Int("offset", 0)
	if err != nil {
		return searchQuery{}, err
	}
	following, err := r.Bool("following", false)
	if err != nil {
		return searchQuery{}, err
	}
	resolve, err := r.Bool("resolve", false)
	if err != nil {
		return searchQuery{}, err
	}
	return searchQuery{q: r.String("q"), limit: limit, offset: offset, following: following, resolve: resolve}, nil
}

// v2 is Mastodon's search: accounts, statuses and hashtags, or the one
// type asked for. account_id, max_id and min_id keep the page's matching
// statuses, and following the page's followed accounts (a page may then
// be shorter); exclude_unreviewed changes nothing (hashtags are not
// reviewed here). An unknown type finds nothing, as in Mastodon.
func (s searches) v2(r *Request) (any, error) {
	sq, err := r.searchQuery(defaultSearchLimit)
	if err != nil {
		return nil, err
	}
	if _, err := r.Bool("exclude_unreviewed", false); err != nil {
		return nil, err
	}
	out := SearchResults{Accounts: []Account{}, Statuses: []Status{}, Hashtags: []TrendTag{}}
	typ := r.String("type")
	var kinds []ports.SearchKind
	switch typ {
	case "":
		kinds = []ports.SearchKind{ports.SearchUser, ports.SearchPost}
	case searchTypeAccounts:
		kinds = []ports.SearchKind{ports.SearchUser}
	case searchTypeStatuses:
		kinds = []ports.SearchKind{ports.SearchPost}
	case searchTypeHashtags:
	default:
		return out, nil
	}
	if len(kinds) > 0 {
		items, err := s.Search.Search.Page(r.Context(), r.Viewer, s.text(typ, sq.q),
			search.Page{Kinds: kinds, Limit: sq.limit, Offset: sq.offset, Resolve: sq.resolve})
		if err != nil {
			return nil, err
		}
		if out.Accounts, err = s.accountsOf(r, items, sq.following); err != nil {
			return nil, err
		}
		if out.Statuses, err = s.statusesOf(r, items); err != nil {
			return nil, err
		}
	}
	if typ == "" || typ == searchTypeHashtags {
		if out.Hashtags, err = s.hashtags(r, sq); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// text is what the search use case looks for: an app's "@lia" is the
// handle lia when accounts are searched, its "#praia" the word praia.
func (s searches) text(typ, q string) string {
	q = strings.TrimSpace(q)
	if typ == searchTypeAccounts {
		if h, ok := s.Base.LocalHandle(q); ok {
			return h
		}
	}
	return strings.TrimPrefix(q, "#")
}

// accounts is accounts/search: members alone, the v2 search's accounts.
func (s searches) accounts(r *Request) (any, error) {
	sq, err := r.searchQuery(defaultAccountSearchLimit)
	if err != nil {
		return nil, err
	}
	items, err := s.Search.Search.Page(r.Context(), r.Viewer, s.text(searchTypeAccounts, sq.q),
		search.Page{Kinds: []ports.SearchKind{ports.SearchUser}, Limit: sq.limit, Offset: sq.offset, Resolve: sq.resolve})
	if err != nil {
		return nil, err
	}
	return s.accountsOf(r, items, sq.following)
}

// accountsOf are the members found, each as GET /accounts/:id shows them
// (the profile use case: a member who blocks the viewer, or who is gone
// since the index saw them, is left out); with following, only those the
// viewer follows.
func (s searches) accountsOf(r *Request, items []search.Item, following bool) ([]Account, error) {
	out := []Account{}
	for _, it := range items {
		if it.Type != ports.SearchUser {
			continue
		}
		v, err := s.View.Handle(r.Context(), r.Viewer, it.Handle)
		if notFound(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if following && !v.IsFollowing {
			continue
		}
		out = append(out, s.Base.Account(r.Context(), s.Links, v.Profile))
	}
	return out, nil
}

// statusesOf are the posts found as the viewer may read them (the post
// use case: what they may not read, or what was deleted since the index
// saw it, is left out), with their mentions resolved; account_id, max_id
// and min_id keep those of that author and older or newer than the IDs.
func (s searches) statusesOf(r *Request, items []search.Item) ([]Status, error) {
	author, maxID, minID := r.String("account_id"), r.String("max_id"), r.String("min_id")
	var found []domain.FeedItem
	for _, it := range items {
		if it.Type != ports.SearchPost || (maxID != "" && it.ID >= maxID) || (minID != "" && it.ID <= minID) {
			continue
		}
		id, err := domain.ParsePostID(it.ID)
		if err != nil {
			continue
		}
		p, err := s.Posts.Get.Handle(r.Context(), r.Viewer, id)
		if notFound(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if author != "" && p.AuthorID.String() != author {
			continue
		}
		found = append(found, p)
	}
	return s.Statuses.FromPosts(r.Context(), found)
}

// hashtags are the tag the query names, when it is one, then the week's
// trending tags (the search screen's) that begin with it, each with the
// week's use (trends/tags' Tags); limit and offset page them. A tag
// nobody used this week has no history.
func (s searches) hashtags(r *Request, sq searchQuery) ([]TrendTag, error) {
	word := strings.ToLower(search.NormalizeQuery(strings.TrimPrefix(strings.TrimSpace(sq.q), "#")))
	if word == "" || strings.HasPrefix(word, "@") {
		return []TrendTag{}, nil
	}
	trends, err := s.Search.Trending.Handle(r.Context(), r.Viewer)
	if err != nil {
		return nil, err
	}
	var matching []search.HashtagTrend
	used := false
	for _, t := range trends {
		switch {
		case t.Tag == word:
			used = true
			matching = slices.Insert(matching, 0, t)
		case strings.HasPrefix(t.Tag, word):
			matching = append(matching, t)
		}
	}
	out := s.Base.trendTags(matching, len(matching), s.Clock.Now())
	if tags := domain.Hashtags("#" + word); !used && len(tags) == 1 && tags[0] == word {
		out = slices.Insert(out, 0, TrendTag{ID: word, Name: word, URL: s.Base.TagURL(word), History: []TagHistory{}})
	}
	limit := min(max(sq.limit, 1), search.MaxPerKind)
	offset := min(max(sq.offset, 0), len(out))
	return out[offset:min(offset+limit, len(out))], nil
}

// notFound tells a use case's not found, which a search leaves out.
func notFound(err error) bool {
	e, ok := errs.As(err)
	return ok && e.Kind == errs.KindNotFound
}
