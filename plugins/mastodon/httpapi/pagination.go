package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
)

// Page sizes: Mastodon's defaults for timelines, and for lists of
// accounts (followers, following, blocks, mutes).
const (
	DefaultPageSize = 20
	MaxPageSize     = 40

	DefaultAccountsPageSize = 40
	MaxAccountsPageSize     = 80
)

// PageQuery is a page as Mastodon's apps ask for one: items older than
// MaxID, newer than SinceID (the newest of them), or just newer than
// MinID (the oldest of them, for reading forward); Limit of them.
type PageQuery struct {
	MaxID, SinceID, MinID string
	Limit                 int
}

// Forward tells whether the page reads towards newer items (min_id):
// the use case then pages backwards from MinID and the answer is still
// newest first.
func (q PageQuery) Forward() bool { return q.MinID != "" }

// PageQuery reads max_id, since_id, min_id and limit (1 to most,
// def when absent; a larger limit is cut to most, as Mastodon does).
func (r *Request) PageQuery(def, most int) (PageQuery, error) {
	limit, err := r.Int("limit", def)
	if err != nil {
		return PageQuery{}, err
	}
	limit = min(max(limit, 1), most)
	return PageQuery{MaxID: r.String("max_id"), SinceID: r.String("since_id"), MinID: r.String("min_id"), Limit: limit}, nil
}

// Paged answers a page of items, newest first, with the Link header
// Mastodon's apps follow: next (older than the last item) and prev (newer
// than the first), each keeping the request's other parameters. An empty
// page has no links: nothing to page from.
func (r *Request) Paged(body any, newestID, oldestID string) Answer {
	a := Answer{Status: http.StatusOK, Body: body}
	if newestID == "" || oldestID == "" {
		return a
	}
	next := r.pageLink("max_id", oldestID, DefaultPageSize)
	prev := r.pageLink("min_id", newestID, DefaultPageSize)
	a.Header = http.Header{"Link": {"<" + next + `>; rel="next", <` + prev + `>; rel="prev"`}}
	return a
}

// pageLink is the request's address paging from id, with the request's
// other parameters and the limit it was answered with (limit when it
// named none).
func (r *Request) pageLink(param, id string, limit int) string {
	q := url.Values{}
	for k, v := range r.HTTP.URL.Query() {
		switch k {
		case "max_id", "since_id", "min_id":
			continue
		}
		q[k] = v
	}
	q.Set(param, id)
	if q.Get("limit") == "" {
		q.Set("limit", strconv.Itoa(limit))
	}
	return r.Base.Link(r.HTTP.URL.Path) + "?" + q.Encode()
}
