package httpapi

import (
	"context"
	"net/http"
	"time"

	"social/core/domain"
	"social/core/errs"
	comments "social/features/comments/app"
	posts "social/features/posts/app"
	postwire "social/features/posts/wire"
	"social/kit/httpkit"
)

// contextComments bounds the descendants a post's context carries: the
// thread's first pages (its oldest comments). An app shows the rest by
// opening the post in the member app.
const contextComments = 200

// Statuses presents posts and comments as Mastodon's statuses, with their
// mentions resolved in one read per answer.
type Statuses struct {
	Base     Base
	Posts    posts.UseCases
	Comments comments.UseCases
	Media    httpkit.MediaLinks
}

// NewStatuses is the presenter the statuses, timelines and notifications
// endpoints share.
func NewStatuses(base Base, p posts.UseCases, c comments.UseCases, media httpkit.MediaLinks) Statuses {
	return Statuses{Base: base, Posts: p, Comments: c, Media: media}
}

// FromPosts are feed items as statuses, mentions resolved in one read.
func (s Statuses) FromPosts(ctx context.Context, items []domain.FeedItem) ([]Status, error) {
	named, err := s.named(ctx, postTexts(items))
	if err != nil {
		return nil, err
	}
	out := make([]Status, len(items))
	for i, it := range items {
		out[i] = s.fromPost(ctx, it, named)
	}
	return out, nil
}

// fromPost is one feed item as a status, its mentions among named.
func (s Statuses) fromPost(ctx context.Context, it domain.FeedItem, named map[string]domain.MemberCard) Status {
	st := s.Base.Status(postwire.Present(ctx, s.Media, it))
	if it.TextContent != nil {
		st.Mentions = s.mentionsIn(*it.TextContent, named, st.Mentions)
	}
	return st
}

// PostPage is a page of feed items as Mastodon's list of statuses, written
// as it is built: each status exists only while it is written. A page of
// statuses held whole was a fifth of what a timeline read allocated.
// Written, it is FromPosts' list byte for byte.
type PostPage struct {
	statuses Statuses
	ctx      context.Context
	items    []domain.FeedItem
	named    map[string]domain.MemberCard
}

// PageOfPosts resolves the items' mentions (one read) and gives the page
// to write.
func (s Statuses) PageOfPosts(ctx context.Context, items []domain.FeedItem) (PostPage, error) {
	named, err := s.named(ctx, postTexts(items))
	if err != nil {
		return PostPage{}, err
	}
	return PostPage{statuses: s, ctx: ctx, items: items, named: named}, nil
}

// AppendJSON writes the statuses as a JSON list (jsonwire).
func (p PostPage) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '[')
	for i, it := range p.items {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = p.statuses.fromPost(p.ctx, it, p.named).AppendJSON(b); err != nil {
			return b, err
		}
	}
	return append(b, ']'), nil
}

// postTexts are the items' texts ("" for none), whose mentions a page
// resolves.
func postTexts(items []domain.FeedItem) []string {
	texts := make([]string, len(items))
	for i, it := range items {
		if it.TextContent != nil {
			texts[i] = *it.TextContent
		}
	}
	return texts
}

// FromComments are comments as statuses: replies to their post.
func (s Statuses) FromComments(ctx context.Context, items []domain.CommentItem) ([]Status, error) {
	out := make([]Status, len(items))
	texts := make([]string, len(items))
	for i, c := range items {
		out[i] = s.comment(ctx, c)
		texts[i] = c.Text
	}
	return out, s.mention(ctx, out, texts)
}

func (s Statuses) comment(ctx context.Context, c domain.CommentItem) Status {
	author := s.Base.AuthorAccount(postwire.Author{ID: c.Author.ID.String(), Handle: c.Author.Handle,
		DisplayName: c.Author.DisplayName, AvatarURL: s.Media.URL(ctx, c.Author.AvatarPath)})
	post, postAuthor := c.PostID.String(), c.PostAuthorID.String()
	// A comment has no page of its own: its link is its post's.
	return Status{ID: c.ID.String(), URI: s.Base.PostURL(post), URL: s.Base.PostURL(post), CreatedAt: c.CreatedAt.UTC(),
		Account: author, Content: s.Base.Content(c.Text), Visibility: Visibility(string(c.PostVisibility)),
		MediaAttachments: []MediaAttachment{}, Mentions: []Mention{}, Tags: s.Base.tags(c.Text), Emojis: []CustomEmoji{},
		InReplyToID: &post, InReplyToAccountID: &postAuthor, Language: ptr(memberLanguage), Filtered: []struct{}{}}
}

// mention fills each status's mentions: the handles of its text that are
// members, all resolved by one read.
func (s Statuses) mention(ctx context.Context, out []Status, texts []string) error {
	named, err := s.named(ctx, texts)
	if err != nil {
		return err
	}
	for i, t := range texts {
		out[i].Mentions = s.mentionsIn(t, named, out[i].Mentions)
	}
	return nil
}

// named are the members the texts mention, by lower-case handle.
func (s Statuses) named(ctx context.Context, texts []string) (map[string]domain.MemberCard, error) {
	return s.Posts.Named.Handle(ctx, texts)
}

// mentionsIn appends to into the mentions of text that name members.
func (s Statuses) mentionsIn(text string, named map[string]domain.MemberCard, into []Mention) []Mention {
	if len(named) == 0 {
		return into
	}
	for _, h := range domain.LocalMentions(text) {
		if c, ok := named[h]; ok {
			into = append(into, Mention{ID: c.ID.String(), Username: c.Handle,
				URL: s.Base.ProfileURL(c.Handle), Acct: c.Handle})
		}
	}
	return into
}

// found is a status as the viewer may read it: a post or a comment.
type found struct {
	post    *domain.FeedItem
	comment *domain.CommentItem
}

// find reads the status id: a post, else a comment. A malformed ID is
// Mastodon's record_not_found; one that is neither (or that the viewer may
// not read) answers the post's not found.
func (s Statuses) find(ctx context.Context, viewer domain.Viewer, id string) (found, error) {
	pid, err := domain.ParsePostID(id)
	if err != nil {
		return found{}, recordNotFound()
	}
	it, err := s.Posts.Get.Handle(ctx, viewer, pid)
	if err == nil {
		return found{post: &it}, nil
	}
	if e, ok := errs.As(err); !ok || e.Kind != errs.KindNotFound {
		return found{}, err
	}
	c, cerr := s.Comments.Get.Handle(ctx, viewer, domain.CommentID(pid))
	if cerr == nil {
		return found{comment: &c}, nil
	}
	if e, ok := errs.As(cerr); ok && e.Kind == errs.KindNotFound {
		return found{}, err
	}
	return found{}, cerr
}

// one presents a found status.
func (s Statuses) one(ctx context.Context, f found) (Status, error) {
	var (
		list []Status
		err  error
	)
	if f.post != nil {
		list, err = s.FromPosts(ctx, []domain.FeedItem{*f.post})
	} else {
		list, err = s.FromComments(ctx, []domain.CommentItem{*f.comment})
	}
	if err != nil {
		return Status{}, err
	}
	return list[0], nil
}

func recordNotFound() error { return errs.NotFound(CodeRecordNotFound, MsgRecordNotFound) }

// StatusContext is Mastodon's Context: the statuses above and below one.
type StatusContext struct {
	Ancestors   []Status `json:"ancestors"`
	Descendants []Status `json:"descendants"`
}

// StatusEndpoints are /api/v1/statuses/:id and its actions.
func StatusEndpoints(s Statuses) []Endpoint {
	read := domain.ScopeReadStatuses
	return []Endpoint{
		{Method: http.MethodPost, Path: "/api/v1/statuses", Scopes: domain.ScopeWriteStatuses, CreatesOnce: true, Handle: s.create},
		{Method: http.MethodGet, Path: "/api/v1/statuses/{id}", Scopes: read, Handle: s.get},
		{Method: http.MethodGet, Path: "/api/v1/statuses/{id}/context", Scopes: read, Handle: s.context},
		{Method: http.MethodPut, Path: "/api/v1/statuses/{id}", Scopes: domain.ScopeWriteStatuses, Handle: s.edit},
		{Method: http.MethodGet, Path: "/api/v1/statuses/{id}/source", Scopes: read, Handle: s.source},
		{Method: http.MethodGet, Path: "/api/v1/statuses/{id}/history", Scopes: read, Handle: s.history},
		{Method: http.MethodPost, Path: "/api/v1/statuses/{id}/translate", Scopes: read, Handle: s.translate},
		{Method: http.MethodDelete, Path: "/api/v1/statuses/{id}", Scopes: domain.ScopeWriteStatuses, Handle: s.delete},
		{Method: http.MethodPost, Path: "/api/v1/statuses/{id}/favourite", Scopes: domain.ScopeWriteFavourites, Handle: s.favourite(true)},
		{Method: http.MethodPost, Path: "/api/v1/statuses/{id}/unfavourite", Scopes: domain.ScopeWriteFavourites, Handle: s.favourite(false)},
		{Method: http.MethodGet, Path: "/api/v1/statuses/{id}/favourited_by", Scopes: read, Handle: s.favouritedBy},
		{Method: http.MethodGet, Path: "/api/v1/statuses/{id}/reblogged_by", Scopes: read, Handle: s.rebloggedBy},
		{Method: http.MethodPost, Path: "/api/v1/statuses/{id}/reblog", Scopes: domain.ScopeWriteStatuses, Handle: s.reblog},
		{Method: http.MethodPost, Path: "/api/v1/statuses/{id}/unreblog", Scopes: domain.ScopeWriteStatuses, Handle: s.unreblog},
	}
}

func (s Statuses) get(r *Request) (any, error) {
	f, err := s.find(r.Context(), r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	return s.one(r.Context(), f)
}

// context: a post has no ancestors and its comments (the thread's oldest
// contextComments) as descendants; a comment has its post above it and
// nothing below (comments are flat).
func (s Statuses) context(r *Request) (any, error) {
	ctx := r.Context()
	f, err := s.find(ctx, r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	out := StatusContext{Ancestors: []Status{}, Descendants: []Status{}}
	if f.comment != nil {
		post, err := s.Posts.Get.Handle(ctx, r.Viewer, f.comment.PostID)
		if err != nil {
			return nil, err
		}
		if out.Ancestors, err = s.FromPosts(ctx, []domain.FeedItem{post}); err != nil {
			return nil, err
		}
		return out, nil
	}
	var thread []domain.CommentItem
	cursor := ""
	for len(thread) < contextComments {
		page, err := s.Comments.List.Handle(ctx, r.Viewer, f.post.ID, cursor)
		if err != nil {
			return nil, err
		}
		thread = append(thread, page.Items...)
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	if len(thread) > contextComments {
		thread = thread[:contextComments]
	}
	if out.Descendants, err = s.FromComments(ctx, thread); err != nil {
		return nil, err
	}
	return out, nil
}

// delete removes the status through its use case (its author; a comment
// also the post's author) and answers it with its text, for an app's
// "delete and redraft".
func (s Statuses) delete(r *Request) (any, error) {
	ctx := r.Context()
	f, err := s.find(ctx, r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	st, err := s.one(ctx, f)
	if err != nil {
		return nil, err
	}
	var text string
	if f.post != nil {
		err = s.Posts.Delete.Handle(ctx, r.Viewer, f.post.ID)
		if f.post.TextContent != nil {
			text = *f.post.TextContent
		}
	} else {
		err = s.Comments.Delete.Handle(ctx, r.Viewer, f.comment.ID)
		text = f.comment.Text
	}
	if err != nil {
		return nil, err
	}
	st.Text = &text
	return st, nil
}

// favourite likes (or unlikes) a post and answers it as it is now. A
// comment cannot be liked here, nor on the member app.
func (s Statuses) favourite(like bool) func(*Request) (any, error) {
	return func(r *Request) (any, error) {
		ctx := r.Context()
		f, err := s.find(ctx, r.Viewer, r.PathValue("id"))
		if err != nil {
			return nil, err
		}
		if f.comment != nil {
			if !like {
				// Nothing to take back: the comment as it is.
				return s.one(ctx, f)
			}
			return nil, errs.Invalid(CodeCommentNotLikeable, MsgCommentNotLikeable, nil)
		}
		if like {
			_, err = s.Posts.Like.Handle(ctx, r.Viewer, f.post.ID)
		} else {
			_, err = s.Posts.Unlike.Handle(ctx, r.Viewer, f.post.ID)
		}
		if err != nil {
			return nil, err
		}
		it, err := s.Posts.Get.Handle(ctx, r.Viewer, f.post.ID)
		if err != nil {
			return nil, err
		}
		return s.one(ctx, found{post: &it})
	}
}

// favouritedBy pages the members who liked a post, newest like first;
// max_id is the account of the last one read. A comment has none.
func (s Statuses) favouritedBy(r *Request) (any, error) {
	ctx := r.Context()
	limit, err := r.Int("limit", posts.LikersPageSize)
	if err != nil {
		return nil, err
	}
	f, err := s.find(ctx, r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if f.comment != nil {
		return []Account{}, nil
	}
	var before *domain.UserID
	if maxID := r.String("max_id"); maxID != "" {
		u, err := domain.ParseUserID(maxID)
		if err != nil {
			return nil, invalidParam("max_id")
		}
		before = &u
	}
	cards, err := s.Posts.Likers.Handle(ctx, r.Viewer, f.post.ID, before, limit)
	if err != nil {
		return nil, err
	}
	out := make([]Account, len(cards))
	for i, c := range cards {
		out[i] = s.Base.AuthorAccount(postwire.Author{ID: c.ID.String(), Handle: c.Handle, DisplayName: c.DisplayName,
			AvatarURL: s.Media.URL(ctx, c.AvatarPath)})
	}
	if len(out) == 0 {
		return out, nil
	}
	// Only older likers can be asked for: a next link, no prev.
	return Answer{Status: http.StatusOK, Body: out,
		Header: http.Header{"Link": {"<" + r.pageLink("max_id", out[len(out)-1].ID, DefaultPageSize) + `>; rel="next"`}}}, nil
}

// rebloggedBy is empty: a share here is a link sent elsewhere, and who
// shared is not shown (the member app shows only the count).
func (s Statuses) rebloggedBy(r *Request) (any, error) {
	if _, err := s.find(r.Context(), r.Viewer, r.PathValue("id")); err != nil {
		return nil, err
	}
	return []Account{}, nil
}

// reblog is refused: a share is a counter on a copied link, never a
// status in the sharer's timeline, so a boost has no faithful mapping.
func (s Statuses) reblog(r *Request) (any, error) {
	if _, err := s.find(r.Context(), r.Viewer, r.PathValue("id")); err != nil {
		return nil, err
	}
	return nil, errs.Invalid(CodeReblogUnsupported, MsgReblogUnsupported, nil)
}

// unreblog answers the status as it is: nothing was reblogged.
func (s Statuses) unreblog(r *Request) (any, error) {
	f, err := s.find(r.Context(), r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	return s.one(r.Context(), f)
}

// create publishes a status: a post, or a comment when in_reply_to_id
// names a post or a comment (a comment on that comment's post, as threads
// are flat). Every rule (280 characters, rate limits, who may comment) is
// the use cases'; what our model has not is refused, never dropped:
// unlisted and direct visibilities, content warnings, polls, scheduling,
// and more than one attachment.
func (s Statuses) create(r *Request) (any, error) {
	ctx := r.Context()
	if err := unsupportedStatusParams(r); err != nil {
		return nil, err
	}
	text := r.String("status")
	if reply := r.String("in_reply_to_id"); reply != "" {
		if len(r.Strings("media_ids")) > 0 {
			return nil, refuseField("media_ids", MsgReplyMedia)
		}
		f, err := s.find(ctx, r.Viewer, reply)
		if err != nil {
			return nil, err
		}
		var post domain.PostID
		if f.post != nil {
			post = f.post.ID
		} else {
			post = f.comment.PostID
		}
		c, err := s.Comments.Create.Handle(ctx, r.Viewer, post, text)
		if err != nil {
			return nil, err
		}
		return s.one(ctx, found{comment: &c.Comment})
	}
	vis, err := postVisibility(r.String("visibility"))
	if err != nil {
		return nil, err
	}
	in := posts.NewPost{Text: text, Visibility: vis}
	if ids := r.Strings("media_ids"); len(ids) == 1 {
		if in.Media, err = posts.ParseMediaID(ids[0]); err != nil {
			return nil, refuseField("media_ids", MsgMediaNotFound)
		}
	}
	created, err := s.Posts.Create.Handle(ctx, r.Viewer, in)
	if err != nil {
		return nil, err
	}
	it, err := s.Posts.Get.Handle(ctx, r.Viewer, created.Post.ID)
	if err != nil {
		return nil, err
	}
	return s.one(ctx, found{post: &it})
}

// unsupportedStatusParams refuses what a status may carry on Mastodon and
// not here. language is accepted and ignored (posts carry none), and so is
// sensitive (media are never hidden behind a warning here).
func unsupportedStatusParams(r *Request) error {
	switch {
	case len(r.Strings("media_ids")) > 1:
		return refuseField("media_ids", MsgTooManyMedia)
	case r.String("spoiler_text") != "":
		return refuseField("spoiler_text", MsgSpoilerUnsupported)
	case r.String("scheduled_at") != "":
		return refuseField("scheduled_at", MsgScheduleUnsupported)
	case len(r.Strings("poll[options]")) > 0 || r.Has("poll[expires_in]"):
		return refuseField("poll", MsgPollUnsupported)
	}
	return nil
}

// postVisibility maps Mastodon's visibility onto a post's: public, and
// private as followers-only; unlisted and direct have no counterpart.
func postVisibility(v string) (domain.Visibility, error) {
	switch v {
	case "", VisibilityPublic:
		return domain.VisibilityPublic, nil
	case VisibilityPrivate:
		return domain.VisibilityFriendsOnly, nil
	}
	return "", refuseField("visibility", MsgVisibilityUnsupported)
}

// refuseField is a 422 naming the parameter, in Mastodon's validation
// shape (error, and details by field).
func refuseField(name, msg string) error {
	return errs.Invalid(CodeUnsupportedParameter, msg, map[string]string{name: msg})
}

// ownAttachmentID is the ID p's attachment is shown with (attachments).
func ownAttachmentID(p domain.Post) string {
	if p.MediaID != nil {
		return p.MediaID.String()
	}
	return p.ID.String()
}

// edit changes a post's text and its image's description (Mastodon's
// media_attributes), through the use case of our own API's edit (its
// author only, the same rules). The attachment stays: media_ids may only
// name the one the post has. A comment cannot be edited here or on the
// member app.
func (s Statuses) edit(r *Request) (any, error) {
	ctx := r.Context()
	if err := unsupportedStatusParams(r); err != nil {
		return nil, err
	}
	f, err := s.find(ctx, r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if f.comment != nil {
		return nil, errs.Invalid(CodeCommentNotEditable, MsgCommentNotEditable, nil)
	}
	if ids := r.Strings("media_ids"); len(ids) > 0 && (f.post.MediaPath == nil || ids[0] != ownAttachmentID(f.post.Post)) {
		return nil, refuseField("media_ids", MsgMediaFixed)
	}
	var alt *string
	for _, prefix := range []string{"media_attributes[]", "media_attributes"} {
		id := r.String(prefix + "[id]")
		if id == "" {
			continue
		}
		if f.post.MediaPath == nil || id != ownAttachmentID(f.post.Post) {
			return nil, refuseField("media_attributes", MsgMediaFixed)
		}
		if r.Has(prefix + "[description]") {
			d := r.String(prefix + "[description]")
			alt = &d
		}
	}
	it, err := s.Posts.Update.Handle(ctx, r.Viewer, f.post.ID, r.String("status"), alt)
	if err != nil {
		return nil, err
	}
	return s.one(ctx, found{post: &it})
}

// StatusSource is what an app puts back into its editor.
type StatusSource struct {
	ID          string `json:"id"`
	Text        string `json:"text"`
	SpoilerText string `json:"spoiler_text"`
}

func (s Statuses) source(r *Request) (any, error) {
	f, err := s.find(r.Context(), r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if f.comment != nil {
		return StatusSource{ID: f.comment.ID.String(), Text: f.comment.Text}, nil
	}
	return StatusSource{ID: f.post.ID.String(), Text: deref(f.post.TextContent)}, nil
}

// StatusEdit is one version of a status.
type StatusEdit struct {
	Content          string            `json:"content"`
	SpoilerText      string            `json:"spoiler_text"`
	Sensitive        bool              `json:"sensitive"`
	CreatedAt        time.Time         `json:"created_at"`
	Account          Account           `json:"account"`
	Poll             *struct{}         `json:"poll"`
	MediaAttachments []MediaAttachment `json:"media_attachments"`
	Emojis           []CustomEmoji     `json:"emojis"`
}

// history is the current version alone: an edit keeps no earlier text.
func (s Statuses) history(r *Request) (any, error) {
	f, err := s.find(r.Context(), r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	st, err := s.one(r.Context(), f)
	if err != nil {
		return nil, err
	}
	at := st.CreatedAt
	if st.EditedAt != nil {
		at = *st.EditedAt
	}
	return []StatusEdit{{Content: st.Content, CreatedAt: at, Account: st.Account,
		MediaAttachments: st.MediaAttachments, Emojis: []CustomEmoji{}}}, nil
}

// Translation is Mastodon's Translation of a status's content.
type Translation struct {
	Content                string            `json:"content"`
	SpoilerText            string            `json:"spoiler_text"`
	DetectedSourceLanguage string            `json:"detected_source_language"`
	Provider               string            `json:"provider"`
	MediaAttachments       []MediaAttachment `json:"media_attachments"`
	Poll                   *struct{}         `json:"poll"`
}

// translate is our posts' translation (TranslatePost): into lang, the
// member's Portuguese by default; without a provider, its 503. Comments
// are not translated, here or on the member app.
func (s Statuses) translate(r *Request) (any, error) {
	ctx := r.Context()
	f, err := s.find(ctx, r.Viewer, r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if f.comment != nil {
		return nil, errs.Invalid(CodeCommentNotTranslatable, MsgCommentNotTranslatable, nil)
	}
	lang := r.String("lang")
	if lang == "" {
		lang = memberLanguage
	}
	tr, err := s.Posts.Translate.Handle(ctx, r.Viewer, f.post.ID, lang)
	if err != nil {
		return nil, err
	}
	provider := ""
	if s.Posts.Translator != nil {
		provider = s.Posts.Translator.Capabilities().Provider
	}
	// The provider detects the source language and does not say it.
	return Translation{Content: s.Base.Content(tr.Text), DetectedSourceLanguage: memberLanguage, Provider: provider,
		MediaAttachments: []MediaAttachment{}}, nil
}
