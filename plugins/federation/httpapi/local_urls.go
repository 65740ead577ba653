package httpapi

import "strings"

// LocalURLs reads this site's actor and Note URLs back into IDs, for the
// activities that name them (app.LocalURLs).
type LocalURLs struct{ Site Site }

// MemberOf is the member ID of an actor URL of this site.
func (u LocalURLs) MemberOf(actorURL string) (string, bool) {
	return lastOf(actorURL, u.Site.Base+actorsPath)
}

// PostOf is the post ID of a Note URL of this site.
func (u LocalURLs) PostOf(noteURL string) (string, bool) {
	return lastOf(noteURL, u.Site.Base+notesPath)
}

// ActorURL is the actor URL of member id.
func (u LocalURLs) ActorURL(id string) string { return u.Site.Base + actorsPath + id }

func lastOf(s, prefix string) (string, bool) {
	id, ok := strings.CutPrefix(s, prefix)
	if !ok || id == "" || strings.ContainsAny(id, "/?#") {
		return "", false
	}
	return id, true
}
