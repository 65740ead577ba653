package httpapi

import (
	"net/http"

	"go.uber.org/fx"

	"social/core/domain"
	follows "social/features/follows/app"
	moderation "social/features/moderation/app"
	posts "social/features/posts/app"
	"social/kit/httpkit"
	"social/plugins/federation/activity"
	"social/plugins/federation/app"
)

// Deps are what the handlers read through: the plugin's use cases and the
// core features' (profiles, follows and posts, read as a signed-out
// visitor reads them).
type Deps struct {
	fx.In
	Site    Site
	Find    *app.FindMember
	Keys    *app.MemberKey
	Usage   *moderation.NetworkUsage
	View    *follows.ViewProfile
	Follows follows.UseCases
	Posts   posts.UseCases
	Media   httpkit.MediaLinks
	Inbox   Inbox
	// Remote names remote accounts by their actors' ids.
	Remote app.ActorsByProfile
	// Reply reads a member's comment as the reply it was sent as.
	Reply *app.PublicReply
	// Pages is the server's mux, whose "/" serves the member app: a page
	// asked for by a browser at a negotiated address is the app's.
	Pages *http.ServeMux
}

// handlers serve federation's routes.
type handlers struct{ Deps }

// Mounts are federation's routes. Discovery and the actors' documents are
// open to any origin, as the social web's clients expect; the member
// app's two negotiated pages are not (a browser gets the app there).
func Mounts(d Deps) []httpkit.Mount {
	// Servers copy pictures from elsewhere: every link is absolute.
	d.Media = d.Media.WithOrigin(d.Site.Base)
	h := handlers{d}
	open := func(pattern string, f http.HandlerFunc) httpkit.Mount {
		return httpkit.Mount{Pattern: "GET " + pattern, Handler: f, OtherSites: true}
	}
	return []httpkit.Mount{
		open("/.well-known/webfinger", h.webfinger),
		open("/.well-known/host-meta", h.hostMeta),
		open("/.well-known/nodeinfo", h.nodeInfoLinks),
		open(nodeInfoPath, h.nodeInfo),
		open(actorsPath+"{id}", h.actor),
		open(siteActorPath, h.siteActor),
		open(actorsPath+"{id}/followers", func(w http.ResponseWriter, r *http.Request) { h.follows(w, r, follows.Followers) }),
		open(actorsPath+"{id}/following", func(w http.ResponseWriter, r *http.Request) { h.follows(w, r, follows.Following) }),
		open(actorsPath+"{id}/outbox", h.outbox),
		open(notesPath+"{id}", h.note),
		open(commentsPath+"{id}", h.reply),
		// Other servers POST activities, signed; no session is read.
		{Pattern: "POST " + actorsPath + "{id}/inbox", Handler: http.HandlerFunc(h.inbox), OtherSites: true},
		{Pattern: "POST " + sharedInboxPath, Handler: http.HandlerFunc(h.inbox), OtherSites: true},
		{Pattern: "GET " + profilePagePath + "{handle}", Handler: http.HandlerFunc(h.profilePage)},
		{Pattern: "GET " + postPagePath + "{id}", Handler: http.HandlerFunc(h.postPage)},
	}
}

// page answers a browser with the member app, whatever the path: its
// router shows the profile or the post.
func (h handlers) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Vary", "Accept")
	spa := r.Clone(r.Context())
	spa.URL.Path, spa.URL.RawPath = "/", ""
	h.Pages.ServeHTTP(w, spa)
}

// profilePage is the member app's profile page, or the member's actor
// for a server that asks for one.
func (h handlers) profilePage(w http.ResponseWriter, r *http.Request) {
	if !wantsActivity(r) {
		h.page(w, r)
		return
	}
	m, err := h.Find.ByHandle(r.Context(), r.PathValue("handle"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	h.writeActor(w, r, m)
}

// actor is the member's actor, or, for a browser, their profile page.
func (h handlers) actor(w http.ResponseWriter, r *http.Request) {
	m, err := h.Find.ByID(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, err)
		return
	}
	if !wantsActivity(r) {
		w.Header().Add("Vary", "Accept")
		http.Redirect(w, r, h.Site.ProfileURL(m.Handle), http.StatusSeeOther)
		return
	}
	h.writeActor(w, r, m)
}

func (h handlers) writeActor(w http.ResponseWriter, r *http.Request, m app.Member) {
	ctx := r.Context()
	p, err := h.View.Handle(ctx, domain.Viewer{}, m.Handle)
	if err != nil {
		writeError(w, r, err)
		return
	}
	key, err := h.Keys.Handle(ctx, m.ID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	a := activity.Builder{Site: h.Site, Media: h.Media}.Person(ctx, p.Profile, key.PEM)
	a.Context = ldContext
	writeActivity(w, a)
}

// siteActor is the server's own actor (an Application), its key made on
// first need, or, for a browser, the member app's home.
func (h handlers) siteActor(w http.ResponseWriter, r *http.Request) {
	if !wantsActivity(r) {
		w.Header().Add("Vary", "Accept")
		http.Redirect(w, r, h.Site.Base+"/", http.StatusSeeOther)
		return
	}
	key, err := h.Keys.Handle(r.Context(), app.SiteActorID)
	if err != nil {
		writeError(w, r, err)
		return
	}
	a := activity.Builder{Site: h.Site}.SiteActor(key.PEM)
	a.Context = ldContext
	writeActivity(w, a)
}
