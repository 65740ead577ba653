package httpapi

import (
	"context"
	"net/http"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	postwire "social/features/posts/wire"
)

// note is a public post's Note, or, for a browser, its page in the
// member app.
func (h handlers) note(w http.ResponseWriter, r *http.Request) {
	it, err := h.publicPost(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !wantsActivity(r) {
		w.Header().Add("Vary", "Accept")
		http.Redirect(w, r, h.Site.PostPageURL(it.ID.String()), http.StatusSeeOther)
		return
	}
	h.writeNote(w, r, it)
}

// postPage is the member app's page of a post, or the post's Note for a
// server that asks for one.
func (h handlers) postPage(w http.ResponseWriter, r *http.Request) {
	if !wantsActivity(r) {
		h.page(w, r)
		return
	}
	it, err := h.publicPost(r)
	if err != nil {
		writeError(w, r, err)
		return
	}
	h.writeNote(w, r, it)
}

// publicPost is the public post of the path's id; any other is not found,
// whoever asks (a fetch of the social web is anonymous here).
func (h handlers) publicPost(r *http.Request) (domain.FeedItem, error) {
	id, err := domain.ParsePostID(r.PathValue("id"))
	if err != nil {
		return domain.FeedItem{}, errs.NotFound(posts.CodeNotFound, posts.MsgNotFound)
	}
	return h.Posts.GetPublic.Handle(r.Context(), id)
}

func (h handlers) writeNote(w http.ResponseWriter, r *http.Request, it domain.FeedItem) {
	named, err := h.Posts.Named.Handle(r.Context(), []string{text(it)})
	if err != nil {
		writeError(w, r, err)
		return
	}
	n := h.noteOf(r.Context(), it, named)
	n.Context = ldContext
	writeActivity(w, n)
}

// noteOf is a public post as a Note: its text as HTML (as the Mastodon
// client API writes it), addressed to everyone with the author's followers
// in copy, its image or video, and its hashtags and mentions of the
// members named (a mention of nobody here stays text: it names no actor).
func (h handlers) noteOf(ctx context.Context, it domain.FeedItem, named map[string]domain.MemberCard) Note {
	author := h.Site.ActorURL(it.AuthorID.String())
	id := it.ID.String()
	n := Note{ID: h.Site.NoteURL(id), Type: "Note", AttributedTo: author,
		To: []string{publicAudience}, CC: []string{author + "/followers"},
		Published: stamp(it.CreatedAt), URL: h.Site.PostPageURL(id),
		Attachment: []Attachment{}, Tag: []Tag{}}
	body := text(it)
	n.Content = postwire.TextHTML(body, h.Site)
	if it.MediaPath != nil {
		if u := h.Media.URL(ctx, it.MediaPath); u != nil {
			a := Attachment{Type: "Document", MediaType: mediaType(*it.MediaPath), URL: *u,
				Width: it.MediaWidth, Height: it.MediaHeight}
			if it.ImageAlt != nil {
				a.Name = *it.ImageAlt
			}
			n.Attachment = append(n.Attachment, a)
		}
	}
	for _, tag := range domain.Hashtags(body) {
		n.Tag = append(n.Tag, Tag{Type: "Hashtag", Href: h.Site.TagURL(tag), Name: "#" + tag})
	}
	for _, handle := range domain.Mentions(body) {
		if card, ok := named[handle]; ok {
			n.Tag = append(n.Tag, Tag{Type: "Mention", Href: h.Site.ActorURL(card.ID.String()),
				Name: "@" + h.Site.Acct(card.Handle)})
		}
	}
	return n
}

// text is a post's text, "" for none.
func text(it domain.FeedItem) string {
	if it.TextContent == nil {
		return ""
	}
	return *it.TextContent
}
