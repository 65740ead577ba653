package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"social/core/domain"
	"social/core/errs"
	"social/core/ports"
)

// Limits of a search: 5 results per kind, queries of at most 100 characters.
const (
	PerKind        = 5
	MaxQueryLength = 100
	// MaxPerKind and MaxOffset bound a Page: the most results of a kind
	// one page holds, and the furthest it starts. Each step further asks
	// the index for more matches to rank, so paging ends somewhere.
	MaxPerKind = 40
	MaxOffset  = 200
	// TitleLength is how much of a post's text its result shows.
	TitleLength = 100
)

// CodeUnauthenticated and MsgUnauthenticated answer a search without a session.
const (
	CodeUnauthenticated = "unauthenticated"
	MsgUnauthenticated  = "Você precisa estar logado para buscar."
)

// Item is one search result: a member, a post, or a document of a kind a
// plugin contributes.
type Item struct {
	Type ports.SearchKind
	ID   string
	// Handle is a user's handle ("" for the other kinds), by which the
	// member's profile is read.
	Handle   string
	Title    string
	Subtitle string
	// Avatar is a signed link to a user's picture, or "".
	Avatar string
	// AvatarCopies are signed links to the picture's square copies,
	// smallest first (none for a picture stored without them), so a
	// result row loads the copy its small circle needs.
	AvatarCopies []PictureCopy
	Verified     bool
	// MemberCount is set for the kinds plugins contribute only.
	MemberCount *int
}

// PictureCopy is a signed link to a square copy of a picture, Side pixels
// wide and high.
type PictureCopy struct {
	URL  string
	Side int
}

// LinkSigner makes a loadable link for a stored path (ports.BlobStore does).
type LinkSigner interface {
	SignedURL(ctx context.Context, key string, ttl time.Duration) (string, error)
}

// Search answers a member's query.
type Search struct {
	Index ports.SearchIndex
	// Kinds are the kinds searched, in the order results are shown
	// (ports.SearchKindsWith the enabled plugins' kinds); nil is the
	// core's own, users and posts.
	Kinds  []ports.SearchKind
	Signer LinkSigner
	// LinkTTL is how long avatar links stay valid.
	LinkTTL time.Duration
	// OnLinkError hears about avatars that could not be signed (the item is
	// still shown, without a picture).
	OnLinkError func(ctx context.Context, key string, err error)
	// Hidden, when set, leaves out the members a block keeps apart from the
	// viewer (either way), and their posts and those of members the viewer
	// mutes.
	Hidden ports.HiddenMembers
	// Lookup, when set, finds an account of another server by its
	// address (ana@example.social) when a page asks to resolve one
	// (Page.Resolve); Docs reads the account found as the index holds
	// it. Without them, search finds only what the index holds.
	Lookup ports.RemoteAccountLookup
	Docs   DocLoader
}

// NormalizeQuery trims q and keeps its first MaxQueryLength characters.
func NormalizeQuery(q string) string {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > MaxQueryLength {
		q = strings.TrimSpace(string([]rune(q)[:MaxQueryLength]))
	}
	return q
}

// Page is a page of a search (the Mastodon client API's type, limit and
// offset): the kinds asked for and, of each, Limit results after the
// first Offset.
type Page struct {
	// Kinds are the kinds wanted; nil is all of Search.Kinds. Results keep
	// the order of Search.Kinds, and a kind not among them (a plugin that
	// is off) finds nothing.
	Kinds []ports.SearchKind
	// Limit is how many of each kind: 1 to MaxPerKind (more is cut to
	// MaxPerKind); 0 or less is PerKind.
	Limit int
	// Offset is how many of each kind are skipped; past MaxOffset nothing
	// is found.
	Offset int
	// Resolve asks, when the query is an account's address (user@host, a
	// leading '@' allowed) and users are wanted on the first page, for
	// that account through Search.Lookup, fetched from its server when it
	// is not known here: it comes first among the users.
	Resolve bool
}

// Handle needs a signed-in viewer. Items come grouped by kind in the order
// of Kinds, at most PerKind of each, best match first. A blank query finds
// nothing.
// An account's address is resolved (Page.Resolve).
func (uc *Search) Handle(ctx context.Context, viewer domain.Viewer, q string) ([]Item, error) {
	return uc.Page(ctx, viewer, q, Page{Resolve: true})
}

// Page is Handle for a page of the results: page.Limit of each of
// page.Kinds after the first page.Offset, those hidden from the viewer
// not counted.
func (uc *Search) Page(ctx context.Context, viewer domain.Viewer, q string, page Page) ([]Item, error) {
	if !viewer.SignedIn() {
		return nil, errs.Unauthenticated(CodeUnauthenticated, MsgUnauthenticated)
	}
	q = NormalizeQuery(q)
	limit := page.Limit
	if limit <= 0 {
		limit = PerKind
	}
	limit, offset := min(limit, MaxPerKind), max(page.Offset, 0)
	kinds := uc.kinds(page.Kinds)
	if q == "" || offset > MaxOffset || len(kinds) == 0 {
		return []Item{}, nil
	}
	ids, handles, err := uc.hidden(ctx, viewer)
	if err != nil {
		return nil, err
	}
	// Asking for as many more as could be hidden keeps a full page when
	// some are left out.
	res, err := uc.Index.Search(ctx, q, kinds, offset+limit+len(ids))
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", q, err)
	}
	var resolved *ports.SearchDoc
	if page.Resolve && offset == 0 && slices.Contains(kinds, ports.SearchUser) {
		if resolved, err = uc.resolve(ctx, viewer, q); err != nil {
			return nil, err
		}
	}
	items := []Item{}
	for _, kind := range kinds {
		skip, n := offset, 0
		if kind == ports.SearchUser && resolved != nil && !ids[resolved.ID] {
			items = append(items, uc.item(ctx, *resolved))
			n++
		}
		for _, d := range res[kind] {
			if n == limit {
				break
			}
			if resolved != nil && d.Kind == ports.SearchUser && d.ID == resolved.ID {
				continue
			}
			if !d.Searchable() || (d.Kind == ports.SearchUser && ids[d.ID]) ||
				(d.Kind == ports.SearchPost && handles[d.AuthorHandle]) {
				continue
			}
			if skip > 0 {
				skip--
				continue
			}
			items = append(items, uc.item(ctx, d))
			n++
		}
	}
	return items, nil
}

// resolve is the account whose address q is, looked up through
// uc.Lookup, or nil: q is no address, nobody answers for it, or no
// lookup is plugged in.
func (uc *Search) resolve(ctx context.Context, viewer domain.Viewer, q string) (*ports.SearchDoc, error) {
	user, host, ok := AccountAddress(q)
	if !ok || uc.Lookup == nil || uc.Docs == nil {
		return nil, nil
	}
	id, found, err := uc.Lookup.LookUp(ctx, viewer.UserID, user, host)
	if err != nil {
		return nil, fmt.Errorf("look up %s@%s: %w", user, host, err)
	}
	if !found {
		return nil, nil
	}
	docs, err := uc.Docs.LoadSearchDocs(ctx, ports.SearchUser, []string{id.String()})
	if err != nil {
		return nil, fmt.Errorf("account %s: %w", id, err)
	}
	if len(docs) == 0 {
		return nil, nil
	}
	return &docs[0], nil
}

// AccountAddress reads q as the address of an account of another server,
// "user@host" or "@user@host" (host with its port when not the
// default), lower-cased; ok is false for anything else.
func AccountAddress(q string) (user, host string, ok bool) {
	user, host, found := strings.Cut(strings.TrimPrefix(strings.TrimSpace(q), "@"), "@")
	if !found {
		return "", "", false
	}
	handle, valid := domain.RemoteHandle(user, host)
	if !valid {
		return "", "", false
	}
	user, host, _ = strings.Cut(handle, "@")
	return user, host, true
}

// kinds are those of Kinds that want names (all of them for nil), in the
// order of Kinds.
func (uc *Search) kinds(want []ports.SearchKind) []ports.SearchKind {
	all := uc.Kinds
	if all == nil {
		all = ports.SearchKindsWith()
	}
	if want == nil {
		return all
	}
	out := make([]ports.SearchKind, 0, len(want))
	for _, k := range all {
		if slices.Contains(want, k) {
			out = append(out, k)
		}
	}
	return out
}

// hidden is the IDs of the members blocked either way with viewer, and
// the handles of those and of the members viewer mutes.
func (uc *Search) hidden(ctx context.Context, viewer domain.Viewer) (ids, handles map[string]bool, err error) {
	if uc.Hidden == nil {
		return nil, nil, nil
	}
	list, err := uc.Hidden.HiddenFrom(ctx, viewer.UserID)
	if err != nil {
		return nil, nil, fmt.Errorf("members hidden from %s: %w", viewer.UserID, err)
	}
	ids, handles = make(map[string]bool, len(list)), make(map[string]bool, len(list))
	for _, m := range list {
		ids[m.ID.String()], handles[m.Handle] = m.Blocked, true
	}
	return ids, handles, nil
}

func (uc *Search) item(ctx context.Context, d ports.SearchDoc) Item {
	it := Item{Type: d.Kind, ID: d.ID}
	switch d.Kind {
	case ports.SearchUser:
		it.Title = d.DisplayName
		if it.Title == "" {
			it.Title = d.Handle
		}
		it.Subtitle = "@" + d.Handle
		it.Handle = d.Handle
		it.Verified = d.Verified
		it.Avatar = uc.avatar(ctx, d.AvatarPath)
		if it.Avatar != "" {
			it.AvatarCopies = uc.avatarCopies(ctx, d.AvatarPath)
		}
	case ports.SearchPost:
		it.Title = PostTitle(d.Text)
		it.Subtitle = PostSubtitle(d.AuthorDisplayName, d.AuthorHandle)
	default:
		it.Title = d.Name
		it.Subtitle = d.Description
		n := d.MemberCount
		it.MemberCount = &n
	}
	return it
}

func (uc *Search) avatar(ctx context.Context, key string) string {
	if key == "" || uc.Signer == nil {
		return ""
	}
	u, err := uc.Signer.SignedURL(ctx, key, uc.LinkTTL)
	if err != nil {
		if uc.OnLinkError != nil {
			uc.OnLinkError(ctx, key, err)
		}
		return ""
	}
	return u
}

// avatarCopies signs the square copies stored beside the picture at key
// (domain.PictureKeySides); one that cannot be signed is left out.
func (uc *Search) avatarCopies(ctx context.Context, key string) []PictureCopy {
	sides := domain.PictureKeySides(key)
	out := make([]PictureCopy, 0, len(sides))
	for _, side := range sides {
		if u := uc.avatar(ctx, domain.ImageVariantKey(key, side)); u != "" {
			out = append(out, PictureCopy{URL: u, Side: side})
		}
	}
	return out
}

// PostTitle is the text cut to TitleLength characters, with '...' when it
// was longer: a post's title in the results.
func PostTitle(text string) string {
	if utf8.RuneCountInString(text) <= TitleLength {
		return text
	}
	return string([]rune(text)[:TitleLength]) + "..."
}

// PostSubtitle names the author: "por Ana Silva (@ana_silva)".
func PostSubtitle(displayName, handle string) string {
	switch {
	case displayName == "" && handle == "":
		return ""
	case displayName == "":
		return "por @" + handle
	case handle == "":
		return "por " + displayName
	}
	return "por " + displayName + " (@" + handle + ")"
}
