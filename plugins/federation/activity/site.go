// Package activity writes the documents federation shows and sends: the
// addresses of the members' actors and posts on this site, and the
// ActivityStreams objects and activities built from the core's data. The
// routes that answer them (httpapi) and the delivery of activities to
// other servers (the plugin's listener) share it, so that a Note sent is
// the Note fetched.
package activity

import (
	"net"
	"net/url"
	"strings"
)

// Site is where the network federates from: Base is the scheme and host
// every URL of its actors starts with (http.public_url), Domain the host
// of its members' addresses (@handle@domain).
type Site struct {
	Base              string
	Domain            string
	OpenRegistrations bool
	// Version is the build's, for NodeInfo.
	Version string
}

// Paths of the member app's pages (the SPA's routes) and of the actors.
// An actor is named by the member's ID, never the handle: a handle can
// change, and the social web keeps an actor's id forever.
const (
	ProfilePagePath = "/profile/"
	PostPagePath    = "/post/"
	SearchPagePath  = "/search?q="
	ActorsPath      = "/ap/users/"
	NotesPath       = "/ap/posts/"
	CommentsPath    = "/ap/comments/"
	SharedInboxPath = "/ap/inbox"
	// SiteActorPath is the site actor's: the server itself, which signs
	// what no member sends (a forwarded report).
	SiteActorPath = "/ap/actor"
)

// Public is the collection of everyone: an object addressed to it is
// public.
const Public = "https://www.w3.org/ns/activitystreams#Public"

// ActorURL is the id of member id's actor.
func (s Site) ActorURL(id string) string { return s.Base + ActorsPath + id }

// FollowersURL is the id of member id's followers collection.
func (s Site) FollowersURL(id string) string { return s.ActorURL(id) + "/followers" }

// KeyID is the id of the actor's public key: it stays when the key is
// rotated.
func (s Site) KeyID(id string) string { return s.ActorURL(id) + "#main-key" }

// SiteActorURL is the id of the site actor.
func (s Site) SiteActorURL() string { return s.Base + SiteActorPath }

// SiteKeyID is the id of the site actor's public key.
func (s Site) SiteKeyID() string { return s.SiteActorURL() + "#main-key" }

// SiteActorName is the site actor's preferredUsername: the domain's host,
// without a port (an address's user may not hold a colon).
func (s Site) SiteActorName() string {
	if h, _, err := net.SplitHostPort(s.Domain); err == nil {
		return h
	}
	return s.Domain
}

// FlagURL is the id of the Flag that forwarded report id.
func (s Site) FlagURL(id string) string { return s.SiteActorURL() + "/flags/" + id }

// ProfileURL is where the member app shows handle's profile.
func (s Site) ProfileURL(handle string) string {
	return s.Base + ProfilePagePath + url.PathEscape(handle)
}

// TagURL is the member app's search of the hashtag name.
func (s Site) TagURL(name string) string {
	return s.Base + SearchPagePath + url.QueryEscape("#"+strings.ToLower(name))
}

// NoteURL is the id of post id's Note.
func (s Site) NoteURL(id string) string { return s.Base + NotesPath + id }

// CommentURL is the id of the Note of comment id (a reply sent to
// another server).
func (s Site) CommentURL(id string) string { return s.Base + CommentsPath + id }

// PostPageURL is where the member app shows post id.
func (s Site) PostPageURL(id string) string { return s.Base + PostPagePath + id }

// Acct is handle's address on the social web, without "acct:".
func (s Site) Acct(handle string) string { return handle + "@" + s.Domain }
