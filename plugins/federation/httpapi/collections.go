package httpapi

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"social/core/domain"
	follows "social/features/follows/app"
)

// pageSize is the length of a collection's pages.
const pageSize = 20

// pageQuery reads a collection page's query: page asks for a page rather
// than the collection; cursor is where the page starts (empty: the first);
// from is the cursor of the page that linked to this one, which is this
// page's prev (the lists page only towards older items, so a page knows
// the one before it only by being told).
type pageQuery struct {
	page         bool
	cursor, from string
}

func readPage(r *http.Request) pageQuery {
	q := r.URL.Query()
	return pageQuery{page: q.Has("page"), cursor: q.Get("cursor"), from: q.Get("from")}
}

// pageURL is the address of the page of collection id starting at cursor,
// reached from the page starting at from.
func pageURL(id, cursor, from string) string {
	v := url.Values{"page": {"true"}}
	if cursor != "" {
		v.Set("cursor", cursor)
	}
	if from != "" {
		v.Set("from", from)
	}
	return id + "?" + v.Encode()
}

// newPage is the page of collection id at q, whose next page starts at
// next ("" at the end).
func newPage(id string, q pageQuery, next string, items []any) CollectionPage {
	p := CollectionPage{Context: ldContext, ID: pageURL(id, q.cursor, q.from), Type: "OrderedCollectionPage",
		PartOf: id, OrderedItems: items}
	if next != "" {
		p.Next = pageURL(id, next, q.cursor)
	}
	if q.cursor != "" {
		p.Prev = pageURL(id, q.from, "")
	}
	return p
}

// follows is a member's followers or following: the collection with its
// size, or one page of the members' actors.
func (h handlers) follows(w http.ResponseWriter, r *http.Request, dir follows.Direction) {
	ctx := r.Context()
	m, err := h.Find.ByID(ctx, r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	id := h.Site.ActorURL(m.ID.String()) + "/" + string(dir)
	q := readPage(r)
	if !q.page {
		p, err := h.View.Handle(ctx, domain.Viewer{}, m.Handle)
		if err != nil {
			writeError(w, r, err)
			return
		}
		total := p.FollowerCount
		if dir == follows.Following {
			total = p.FollowingCount
		}
		writeActivity(w, Collection{Context: ldContext, ID: id, Type: "OrderedCollection", TotalItems: total,
			First: pageURL(id, "", "")})
		return
	}
	page, err := h.Follows.List.Handle(ctx, domain.Viewer{}, m.Handle, dir, q.cursor, pageSize)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items := make([]any, 0, len(page.Items))
	for _, e := range page.Items {
		if !strings.Contains(e.Handle, "@") {
			items = append(items, h.Site.ActorURL(e.ProfileID.String()))
			continue
		}
		// A remote account is named by its own actor's id.
		a, err := h.Remote.ActorByProfile(ctx, e.ProfileID)
		if errors.Is(err, domain.ErrNotFound) {
			continue
		}
		if err != nil {
			writeError(w, r, err)
			return
		}
		items = append(items, a.URI)
	}
	writeActivity(w, newPage(id, q, page.Next, items))
}

// outbox is what a member published to everyone: the collection, or one
// page of Create activities of their public posts, newest first.
func (h handlers) outbox(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	m, err := h.Find.ByID(ctx, r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	id := h.Site.ActorURL(m.ID.String()) + "/outbox"
	q := readPage(r)
	if !q.page {
		p, err := h.View.Handle(ctx, domain.Viewer{}, m.Handle)
		if err != nil {
			writeError(w, r, err)
			return
		}
		writeActivity(w, Collection{Context: ldContext, ID: id, Type: "OrderedCollection", TotalItems: p.PostCount,
			First: pageURL(id, "", "")})
		return
	}
	page, err := h.Posts.PublicPosts.Handle(ctx, m.ID, q.cursor, pageSize)
	if err != nil {
		writeError(w, r, err)
		return
	}
	texts := make([]string, len(page.Items))
	for i, it := range page.Items {
		texts[i] = text(it)
	}
	named, err := h.Posts.Named.Handle(ctx, texts)
	if err != nil {
		writeError(w, r, err)
		return
	}
	items := make([]any, len(page.Items))
	for i, it := range page.Items {
		n := h.noteOf(ctx, it, named)
		items[i] = Create{ID: n.ID + "/activity", Type: "Create", Actor: n.AttributedTo, Published: n.Published,
			To: n.To, CC: n.CC, Object: n}
	}
	writeActivity(w, newPage(id, q, page.Next, items))
}
