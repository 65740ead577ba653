package httpapi

import (
	"encoding/xml"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"social/core/errs"
	"social/plugins/federation/app"
)

// Discovery's relations and types.
const (
	relProfilePage  = "http://webfinger.net/rel/profile-page"
	nodeInfoSchema  = "http://nodeinfo.diaspora.software/ns/schema/2.1"
	nodeInfoPath    = "/nodeinfo/2.1"
	jrdContentType  = "application/jrd+json"
	nodeInfoContent = `application/json; profile="` + nodeInfoSchema + `#"`
)

// webfinger answers RFC 7033's query for one of our members, named by
// their address (acct:handle@domain) or by the URL of their actor or
// profile page. rel parameters keep only the links of those relations.
func (h handlers) webfinger(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var subject, actor, profile string
	if h.siteResource(q.Get("resource")) {
		subject, actor, profile = h.Site.Acct(h.Site.SiteActorName()), h.Site.SiteActorURL(), h.Site.Base+"/"
	} else {
		m, err := h.resourceMember(r, q.Get("resource"))
		if err != nil {
			writeError(w, r, err)
			return
		}
		subject, actor, profile = h.Site.Acct(m.Handle), h.Site.ActorURL(m.ID.String()), h.Site.ProfileURL(m.Handle)
	}
	links := []JRDLink{
		{Rel: "self", Type: activityJSON, Href: actor},
		{Rel: relProfilePage, Type: "text/html", Href: profile},
	}
	if rels := q["rel"]; len(rels) > 0 {
		links = slices.DeleteFunc(links, func(l JRDLink) bool { return !slices.Contains(rels, l.Rel) })
	}
	writeJSON(w, jrdContentType, JRD{Subject: "acct:" + subject, Aliases: []string{profile, actor}, Links: links})
}

// siteResource reports whether resource names the site actor: its actor's
// URL, or the address acct:<domain>@<domain> (Mastodon's instance actor's;
// the domain's host without its port, as the actor's preferredUsername,
// is answered too). No member's handle holds a dot, so neither is a
// member's.
func (h handlers) siteResource(resource string) bool {
	if strings.EqualFold(resource, h.Site.SiteActorURL()) {
		return true
	}
	rest, ok := strings.CutPrefix(strings.ToLower(resource), "acct:")
	if !ok {
		return false
	}
	d := strings.ToLower(h.Site.Domain)
	return rest == d+"@"+d || rest == strings.ToLower(h.Site.SiteActorName())+"@"+d
}

// resourceMember is the member a WebFinger resource names. A resource that
// is neither an acct: URI nor an http(s) URL is refused (400); one of
// another host, or of nobody here, is not found (404).
func (h handlers) resourceMember(r *http.Request, resource string) (app.Member, error) {
	ctx := r.Context()
	bad := errs.Invalid(app.CodeBadResource, app.MsgBadResource, map[string]string{"resource": app.MsgBadResource})
	scheme, rest, ok := strings.Cut(resource, ":")
	if !ok || rest == "" {
		return app.Member{}, bad
	}
	switch strings.ToLower(scheme) {
	case "acct":
		at := strings.LastIndexByte(rest, '@')
		if at <= 0 || at == len(rest)-1 {
			return app.Member{}, bad
		}
		user, err := url.PathUnescape(rest[:at])
		if err != nil {
			return app.Member{}, bad
		}
		if !strings.EqualFold(rest[at+1:], h.Site.Domain) {
			return app.Member{}, errs.NotFound(app.CodeNotFound, app.MsgNotFound)
		}
		return h.Find.ByHandle(ctx, user)
	case "http", "https":
		u, err := url.Parse(resource)
		if err != nil || u.Host == "" {
			return app.Member{}, bad
		}
		if !strings.EqualFold(u.Scheme+"://"+u.Host, h.Site.Base) {
			return app.Member{}, errs.NotFound(app.CodeNotFound, app.MsgNotFound)
		}
		if id, ok := strings.CutPrefix(u.Path, actorsPath); ok {
			return h.Find.ByID(ctx, id)
		}
		if handle, ok := strings.CutPrefix(u.Path, profilePagePath); ok {
			return h.Find.ByHandle(ctx, handle)
		}
		return app.Member{}, errs.NotFound(app.CodeNotFound, app.MsgNotFound)
	}
	return app.Member{}, bad
}

// xrd is host-meta's document (RFC 6415): where WebFinger is, for the
// servers that look there first.
type xrd struct {
	XMLName xml.Name `xml:"XRD"`
	NS      string   `xml:"xmlns,attr"`
	Link    struct {
		Rel      string `xml:"rel,attr"`
		Type     string `xml:"type,attr"`
		Template string `xml:"template,attr"`
	} `xml:"Link"`
}

func (h handlers) hostMeta(w http.ResponseWriter, _ *http.Request) {
	doc := xrd{NS: "http://docs.oasis-open.org/ns/xri/xrd-1.0"}
	doc.Link.Rel, doc.Link.Type = "lrdd", jrdContentType
	doc.Link.Template = h.Site.Base + "/.well-known/webfinger?resource={uri}"
	body, err := xml.Marshal(doc)
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/xrd+xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(body)
}

// nodeInfoLinks is NodeInfo's discovery document: where the 2.1 document is.
func (h handlers) nodeInfoLinks(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, "application/json", map[string]any{
		"links": []map[string]string{{"rel": nodeInfoSchema, "href": h.Site.Base + nodeInfoPath}},
	})
}

// nodeInfo is the NodeInfo 2.1 document: the software, its protocol and
// the network's figures.
func (h handlers) nodeInfo(w http.ResponseWriter, r *http.Request) {
	u, err := h.Usage.Handle(r.Context())
	if err != nil {
		writeError(w, r, err)
		return
	}
	writeJSON(w, nodeInfoContent, map[string]any{
		"version":           "2.1",
		"software":          map[string]string{"name": "social", "version": h.Site.Version},
		"protocols":         []string{"activitypub"},
		"services":          map[string][]string{"inbound": {}, "outbound": {}},
		"openRegistrations": h.Site.OpenRegistrations,
		"usage": map[string]any{
			"users":      map[string]int{"total": u.Members, "activeMonth": u.ActiveMonth, "activeHalfyear": u.ActiveHalfyear},
			"localPosts": u.LocalPosts,
		},
		"metadata": map[string]any{},
	})
}
