package httpapi

import (
	"context"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"go.uber.org/fx"

	"social/core/domain"
	"social/core/errs"
	follows "social/features/follows/app"
	posts "social/features/posts/app"
	postwire "social/features/posts/wire"
	profiles "social/features/profiles/app"
	profilewire "social/features/profiles/wire"
	safety "social/features/safety/app"
	search "social/features/search/app"
	"social/kit/httpkit"
)

// AccountDeps are the use cases behind /api/v1/accounts and the lists of
// members (blocks, mutes, search).
type AccountDeps struct {
	fx.In
	Base          Base
	Profiles      profiles.UseCases
	View          *follows.ViewProfile
	Follows       follows.UseCases
	Relationships *follows.ReadRelationships
	Safety        safety.UseCases
	Posts         posts.UseCases
	Search        search.UseCases
	Links         profilewire.Links
	Media         httpkit.MediaLinks
}

// accounts serves the endpoints on members.
type accounts struct{ AccountDeps }

// AccountEndpoints are /api/v1/accounts: the member an app acts for,
// members' profiles, their posts and lists.
func AccountEndpoints(d AccountDeps) []Endpoint {
	a := accounts{d}
	read := domain.ScopeReadAccounts
	return []Endpoint{
		{Method: http.MethodGet, Path: "/api/v1/accounts/verify_credentials",
			Scopes: domain.ScopeReadAccounts | domain.ScopeProfile, Handle: a.verifyCredentials},
		{Method: http.MethodPatch, Path: "/api/v1/accounts/update_credentials", Scopes: domain.ScopeWriteAccounts,
			Handle: a.updateCredentials},
		{Method: http.MethodGet, Path: "/api/v1/accounts/{id}", Scopes: read, Anonymous: true, Handle: a.get},
		{Method: http.MethodGet, Path: "/api/v1/accounts/lookup", Scopes: read, Anonymous: true, Handle: a.lookup},
		// Our profiles' posts are read signed in only (the posts use case).
		{Method: http.MethodGet, Path: "/api/v1/accounts/{id}/statuses", Scopes: domain.ScopeReadStatuses,
			Handle: a.statuses},
		{Method: http.MethodGet, Path: "/api/v1/accounts/{id}/followers", Scopes: read, Anonymous: true,
			Handle: func(r *Request) (any, error) { return a.follows(r, follows.Followers) }},
		{Method: http.MethodGet, Path: "/api/v1/accounts/{id}/following", Scopes: read, Anonymous: true,
			Handle: func(r *Request) (any, error) { return a.follows(r, follows.Following) }},
	}
}

func (a accounts) verifyCredentials(r *Request) (any, error) {
	p, err := a.Profiles.GetMine.Handle(r.Context(), r.Viewer)
	if err != nil {
		return nil, err
	}
	return a.Base.CredentialAccount(r.Context(), a.Links, p), nil
}

// handleOf is the handle of the path's member ID; an ID that is none is
// Mastodon's record not found.
func (a accounts) handleOf(r *Request) (string, error) {
	id := r.PathValue("id")
	if _, err := domain.ParseUserID(id); err != nil {
		return "", errRecordNotFound()
	}
	return a.Profiles.HandleOf.Handle(r.Context(), id)
}

// get is a member's profile as the viewer may see it: a member who blocks
// the viewer is not found, one the viewer blocks shows no details (the
// profile use case's rules).
func (a accounts) get(r *Request) (any, error) {
	h, err := a.handleOf(r)
	if err != nil {
		return nil, err
	}
	return a.viewAccount(r, h)
}

func (a accounts) viewAccount(r *Request, handle string) (any, error) {
	p, err := a.View.Handle(r.Context(), r.Viewer, handle)
	if err != nil {
		return nil, err
	}
	return a.Base.Account(r.Context(), a.Links, p.Profile), nil
}

// lookup finds a member by acct: the handle, with or without '@', or
// handle@this-server. An account of another server is nobody here.
func (a accounts) lookup(r *Request) (any, error) {
	handle, ok := a.Base.LocalHandle(r.String("acct"))
	if !ok {
		return nil, errRecordNotFound()
	}
	return a.viewAccount(r, handle)
}

// LocalHandle is the handle an acct names on this server: "lia", "@lia",
// "lia@host" and "@lia@host" for this server's host; false for another
// server's acct.
func (b Base) LocalHandle(acct string) (string, bool) {
	acct = strings.TrimPrefix(strings.TrimSpace(acct), "@")
	handle, host, remote := strings.Cut(acct, "@")
	if handle == "" {
		return "", false
	}
	if remote {
		u, err := url.Parse(string(b))
		if err != nil || !strings.EqualFold(host, u.Host) {
			return "", false
		}
	}
	return handle, true
}

// statuses are a member's posts the viewer may read (the author's list:
// all of them for the author and their followers, the public ones
// otherwise), newest first. Posts are never replies, so exclude_replies
// changes nothing; only_media and tagged keep the page's matching posts;
// nothing is pinned.
func (a accounts) statuses(r *Request) (any, error) {
	q, err := r.PageQuery(DefaultPageSize, MaxPageSize)
	if err != nil {
		return nil, err
	}
	// exclude_replies and exclude_reblogs are read for their type only.
	if _, err := r.Bool("exclude_replies", false); err != nil {
		return nil, err
	}
	if _, err := r.Bool("exclude_reblogs", false); err != nil {
		return nil, err
	}
	onlyMedia, err := r.Bool("only_media", false)
	if err != nil {
		return nil, err
	}
	pinned, err := r.Bool("pinned", false)
	if err != nil {
		return nil, err
	}
	h, err := a.handleOf(r)
	if err != nil {
		return nil, err
	}
	if pinned {
		return []Status{}, nil
	}
	page, err := a.Posts.AuthorPosts.Handle(r.Context(), r.Viewer, h, q.MaxID, q.Limit)
	if err != nil {
		return nil, err
	}
	tagged := strings.ToLower(strings.TrimPrefix(r.String("tagged"), "#"))
	out := make([]Status, 0, len(page.Items))
	for _, it := range page.Items {
		if !newerThan(it.ID.String(), q) {
			continue
		}
		p := postwire.Present(r.Context(), a.Media, it)
		if onlyMedia && p.MediaURL == nil {
			continue
		}
		if tagged != "" && !slices.ContainsFunc(domain.Hashtags(deref(p.TextContent)), func(t string) bool {
			return strings.EqualFold(t, tagged)
		}) {
			continue
		}
		out = append(out, a.Base.Status(p))
	}
	newest := ""
	if len(page.Items) > 0 {
		newest = page.Items[0].ID.String()
	}
	return r.cursorPaged(out, page.Next, newest, q.Limit), nil
}

// newerThan tells whether an item of id belongs to a page asked for with
// since_id or min_id: IDs are UUIDv7, ordered as their texts.
func newerThan(id string, q PageQuery) bool {
	after := q.SinceID
	if q.MinID != "" {
		after = q.MinID
	}
	return after == "" || id > after
}

// cursorPaged answers a page of limit items of a list the core reads with
// a cursor: the next link carries the cursor as max_id, the previous one
// the newest item's ID as min_id (when the list reads newer items by ID).
func (r *Request) cursorPaged(body any, next, newestID string, limit int) Answer {
	a := Answer{Status: http.StatusOK, Body: body}
	var links []string
	if next != "" {
		links = append(links, "<"+r.pageLink("max_id", next, limit)+`>; rel="next"`)
	}
	if newestID != "" {
		links = append(links, "<"+r.pageLink("min_id", newestID, limit)+`>; rel="prev"`)
	}
	if len(links) > 0 {
		a.Header = http.Header{"Link": {strings.Join(links, ", ")}}
	}
	return a
}

// follows are a member's followers or followees, newest follow first,
// limit at a time (40 by default, 80 at most). Members in a block
// relation with the list's owner or the viewer are not listed.
func (a accounts) follows(r *Request, dir follows.Direction) (any, error) {
	h, err := a.handleOf(r)
	if err != nil {
		return nil, err
	}
	limit, err := r.accountsLimit()
	if err != nil {
		return nil, err
	}
	page, err := a.Follows.List.Handle(r.Context(), r.Viewer, h, dir, r.String("max_id"), limit)
	if err != nil {
		return nil, err
	}
	out := make([]Account, len(page.Items))
	for i, it := range page.Items {
		out[i] = a.Base.ListedAccount(r.Context(), a.Links, it.ListedMember)
	}
	return r.cursorPaged(out, page.Next, "", limit), nil
}

// accountsLimit reads the limit of a list of accounts: 1 to 80, 40 when
// absent (a larger one is cut to 80, as Mastodon does).
func (r *Request) accountsLimit() (int, error) {
	limit, err := r.Int("limit", DefaultAccountsPageSize)
	if err != nil {
		return 0, err
	}
	return min(max(limit, 1), MaxAccountsPageSize), nil
}

// ListedAccount is a member as lists show them (their card: no counts,
// no bio), as an Account.
func (b Base) ListedAccount(ctx context.Context, links profilewire.Links, m domain.ListedMember) Account {
	avatar := b.IconURL()
	if u := links.URL(ctx, m.AvatarPath); u != nil {
		avatar = *u
	}
	profile := b.ProfileURL(m.Handle)
	id := m.ProfileID.String()
	return Account{
		ID: id, Username: m.Handle, Acct: m.Handle, DisplayName: m.DisplayName, Discoverable: true,
		CreatedAt: midnight(idTime(id)), URL: profile,
		Avatar: avatar, AvatarStatic: avatar, Header: b.IconURL(), HeaderStatic: b.IconURL(),
		Emojis: []CustomEmoji{}, Fields: []Field{}, Roles: []struct{}{},
	}
}

func errRecordNotFound() error { return errs.NotFound(CodeRecordNotFound, MsgRecordNotFound) }

// Names of the profile fields an app may send, folded: each becomes our
// website or location.
var (
	websiteNames  = []string{"site", "website", "web", "url", "link", "homepage", "página"}
	locationNames = []string{"localização", "localizacao", "location", "local", "cidade", "lugar"}
)

// updateCredentials edits the viewer's profile: display_name, note (the
// bio), avatar and header (the picture use cases), and fields_attributes
// onto the website and the location. An unknown field and locked=true are
// refused; bot, discoverable and source[...] are not kept (see README).
func (a accounts) updateCredentials(r *Request) (any, error) {
	if locked, err := r.Bool("locked", false); err != nil || locked {
		if err != nil {
			return nil, err
		}
		return nil, errs.Invalid(CodeLockedUnsupported, MsgLockedUnsupported, map[string]string{"locked": MsgLockedUnsupported})
	}
	var c profiles.Changes
	if r.Has("display_name") {
		c.DisplayName = ptr(r.String("display_name"))
	}
	if r.Has("note") {
		c.Bio = ptr(r.String("note"))
	}
	if fields, ok := r.profileFields(); ok {
		c.WebsiteURL, c.Location = ptr(""), ptr("")
		for _, f := range fields {
			name := strings.ToLower(strings.TrimSpace(f.Name))
			switch {
			case name == "" && strings.TrimSpace(f.Value) == "":
			case slices.Contains(websiteNames, name):
				c.WebsiteURL = ptr(f.Value)
			case slices.Contains(locationNames, name):
				c.Location = ptr(f.Value)
			default:
				return nil, errs.Invalid(CodeUnknownField, MsgUnknownField, map[string]string{"fields_attributes": MsgUnknownField})
			}
		}
	}
	ip := httpkit.ClientIP(r.Context())
	if c != (profiles.Changes{}) {
		if _, err := a.Profiles.Update.Handle(r.Context(), r.Viewer, c, ip); err != nil {
			return nil, err
		}
	}
	for param, img := range map[string]domain.ProfileImage{"avatar": domain.ProfileAvatar, "header": domain.ProfileBanner} {
		fh := r.File(param)
		if fh == nil {
			continue
		}
		up, err := readUpload(fh)
		if err != nil {
			return nil, err
		}
		if _, err := a.Profiles.SetImage.Handle(r.Context(), r.Viewer, img, up, ip); err != nil {
			return nil, err
		}
	}
	return a.verifyCredentials(r)
}

// profileFields are the fields_attributes sent, in Rails' indexed form
// (fields_attributes[0][name]) or as a JSON array; false when none was.
func (p Params) profileFields() ([]Field, bool) {
	var out []Field
	names, values := p.Strings("fields_attributes[name]"), p.Strings("fields_attributes[value]")
	for i := range max(len(names), len(values)) {
		f := Field{}
		if i < len(names) {
			f.Name = names[i]
		}
		if i < len(values) {
			f.Value = values[i]
		}
		out = append(out, f)
	}
	sent := len(out) > 0
	for i := range 16 {
		key := "fields_attributes[" + strconv.Itoa(i) + "]"
		if p.Has(key+"[name]") || p.Has(key+"[value]") {
			sent = true
			out = append(out, Field{Name: p.String(key + "[name]"), Value: p.String(key + "[value]")})
		}
	}
	return out, sent
}

// readUpload reads an uploaded picture whole; the picture use case checks
// its size and type.
func readUpload(fh *multipart.FileHeader) (profiles.Upload, error) {
	f, err := fh.Open()
	if err != nil {
		return profiles.Upload{}, badBody()
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return profiles.Upload{}, badBody()
	}
	return profiles.Upload{FileName: fh.Filename, Data: data}, nil
}
