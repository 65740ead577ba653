package httpapi

import (
	"context"
	"net/http"

	"social/core/domain"
	"social/core/errs"
	posts "social/features/posts/app"
	"social/plugins/federation/activity"
	"social/plugins/federation/app"
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

// noteOf is a public post as a Note (activity.Builder's).
func (h handlers) noteOf(ctx context.Context, it domain.FeedItem, named map[string]domain.MemberCard) Note {
	return activity.Builder{Site: h.Site, Media: h.Media}.Note(ctx, it, named)
}

// text is a post's text, "" for none.
func text(it domain.FeedItem) string {
	if it.TextContent == nil {
		return ""
	}
	return *it.TextContent
}

// reply is a member's comment on a public post as the Note its reply was
// sent as (to the author of another server's post); a browser goes to
// the post's page.
func (h handlers) reply(w http.ResponseWriter, r *http.Request) {
	id, err := domain.ParseCommentID(r.PathValue("id"))
	if err != nil {
		writeError(w, r, errs.NotFound(app.CodeReplyNotFound, app.MsgReplyNotFound))
		return
	}
	c, object, err := h.Reply.Handle(r.Context(), id)
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !wantsActivity(r) {
		w.Header().Add("Vary", "Accept")
		http.Redirect(w, r, h.Site.PostPageURL(c.PostID.String()), http.StatusSeeOther)
		return
	}
	author := h.Site.ActorURL(c.PostAuthorID.String())
	if object == "" {
		object = h.Site.NoteURL(c.PostID.String())
	} else if a, err := h.Remote.ActorByProfile(r.Context(), c.PostAuthorID); err == nil {
		author = a.URI
	}
	n := activity.Builder{Site: h.Site, Media: h.Media}.Reply(c, object, author)
	n.Context = ldContext
	writeActivity(w, n)
}
