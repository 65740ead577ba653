// Package httpapi serves federation's protocol endpoints: discovery
// (WebFinger, host-meta, NodeInfo), each member's actor and collections,
// and their public posts as Notes. They are plain handlers mounted beside
// the API (the social web's paths are fixed by its protocols, not ours),
// open to any origin and without a session: everything they answer is
// public.
package httpapi

import (
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
	profilePagePath = "/profile/"
	postPagePath    = "/post/"
	searchPagePath  = "/search?q="
	actorsPath      = "/ap/users/"
	notesPath       = "/ap/posts/"
	sharedInboxPath = "/ap/inbox"
)

// ActorURL is the id of member id's actor.
func (s Site) ActorURL(id string) string { return s.Base + actorsPath + id }

// KeyID is the id of the actor's public key: it stays when the key is
// rotated.
func (s Site) KeyID(id string) string { return s.ActorURL(id) + "#main-key" }

// ProfileURL is where the member app shows handle's profile.
func (s Site) ProfileURL(handle string) string {
	return s.Base + profilePagePath + url.PathEscape(handle)
}

// TagURL is the member app's search of the hashtag name.
func (s Site) TagURL(name string) string {
	return s.Base + searchPagePath + url.QueryEscape("#"+strings.ToLower(name))
}

// NoteURL is the id of post id's Note.
func (s Site) NoteURL(id string) string { return s.Base + notesPath + id }

// PostPageURL is where the member app shows post id.
func (s Site) PostPageURL(id string) string { return s.Base + postPagePath + id }

// Acct is handle's address on the social web, without "acct:".
func (s Site) Acct(handle string) string { return handle + "@" + s.Domain }
